// Address field rules (SPEC §5).

export interface Address {
  address_1: string;
  address_2?: string;
  postcode: string;
  city: string;
  state: string;
  country: string;
}

export const REQUIRED_ADDRESS_FIELDS = ['address_1', 'postcode', 'city', 'state', 'country'] as const;

/** The address's fields, in the order a form shows them. */
export const ADDRESS_FIELDS = [
  'address_1',
  'address_2',
  'postcode',
  'city',
  'state',
  'country',
] as const satisfies readonly (keyof Address)[];

export type AddressErrors = Partial<Record<keyof Address, 'field.required'>>;

// Forms may hand over null/undefined for untouched fields.
function isFilled(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * An optional address stays optional only while it is entirely blank: once any
 * part (address_2 included) is filled, the rest must be completed, otherwise
 * the saved address would be half an address. address_2 is never required.
 */
export function validateAddress(address: Partial<Address>, required: boolean): AddressErrors {
  const anyFilled = ADDRESS_FIELDS.some((field) => isFilled(address[field]));
  if (!required && !anyFilled) return {};
  const errors: AddressErrors = {};
  for (const field of REQUIRED_ADDRESS_FIELDS) {
    if (!isFilled(address[field])) errors[field] = 'field.required';
  }
  return errors;
}

/** Malaysian postcodes are 5 characters; lookup fires only then. */
export const POSTCODE_LENGTH = 5;

/** True when the postcode (ignoring surrounding spaces) is exactly POSTCODE_LENGTH characters. */
export function shouldLookupPostcode(postcode: string): boolean {
  return postcode.trim().length === POSTCODE_LENGTH;
}
