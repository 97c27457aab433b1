import { type FocusEvent, useEffect, useId, useRef, useState } from 'react';
import type { MessageKey } from '#i18n/t.ts';
import { type Address, shouldLookupPostcode, validateAddress } from '#lib/address.ts';
import { FieldError, FieldLabel } from './FieldParts';
import { controlClass, describedBy } from './field-styles';
import { useFormSubmitValidation } from './form-validation';
import { lookupPostcode } from './postcode-lookup';

/** The strings AddressFields needs: pass `pick(locale, ADDRESS_MESSAGE_KEYS)`. */
export const ADDRESS_MESSAGE_KEYS = [
  'address.label',
  'address.address1',
  'address.address2',
  'address.postcode',
  'address.city',
  'address.state',
  'address.country',
  'field.required',
  'field.optional',
] as const satisfies readonly MessageKey[];
export type AddressMessages = Record<(typeof ADDRESS_MESSAGE_KEYS)[number], string>;

type Part = keyof Address;
type Values = Record<Part, string>;

export interface AddressFieldsProps {
  /** Inputs are named `${name}.address_1`, `${name}.postcode`, … */
  name: string;
  messages: AddressMessages;
  /** Defaults to messages['address.label']. */
  legend?: string;
  /** A required address needs every part but address_2; an optional one only once any part is filled. */
  required?: boolean;
  defaultValue?: Partial<Address>;
  onChange?: (address: Address) => void;
  /** The postcode lookup endpoint (SPEC.md §7). */
  lookupUrl?: string;
  id?: string;
  className?: string;
}

const EMPTY: Values = { address_1: '', address_2: '', postcode: '', city: '', state: '', country: '' };

const AUTOCOMPLETE: Record<Part, string> = {
  address_1: 'address-line1',
  address_2: 'address-line2',
  postcode: 'postal-code',
  city: 'address-level2',
  state: 'address-level1',
  country: 'country-name',
};

const LABEL_KEY: Record<Part, keyof AddressMessages> = {
  address_1: 'address.address1',
  address_2: 'address.address2',
  postcode: 'address.postcode',
  city: 'address.city',
  state: 'address.state',
  country: 'address.country',
};

/**
 * An address, stacked top (line 1), middle (line 2) and bottom (postcode, city, state, country)
 * as SPEC.md §5 has it. A 5-character postcode looks up city, state and country.
 */
export default function AddressFields({
  name,
  messages,
  legend,
  required = false,
  defaultValue,
  onChange,
  lookupUrl = '/api/shipping/postcodes',
  id,
  className,
}: AddressFieldsProps) {
  const autoId = useId();
  const baseId = id ?? `${autoId}-address`;
  const fieldId = (part: Part) => `${baseId}-${part}`;
  const [values, setValues] = useState<Values>({ ...EMPTY, ...stringsOnly(defaultValue) });
  const [touched, setTouched] = useState<Partial<Record<Part, boolean>>>({});
  const rootRef = useRef<HTMLFieldSetElement>(null);
  const lookup = useRef<AbortController | null>(null);

  const errors = validateAddress(values, required);
  const shownError = (part: Part): string | null => (touched[part] && errors[part] ? messages[errors[part]] : null);

  const touchAll = () =>
    setTouched({ address_1: true, address_2: true, postcode: true, city: true, state: true, country: true });

  useFormSubmitValidation(rootRef, () => {
    touchAll();
    return Object.keys(validateAddress(values, required)).length === 0;
  });

  // A lookup still in flight when the field goes away is of no use to anyone.
  useEffect(() => () => lookup.current?.abort(), []);

  // The latest values, for the lookup answer that arrives after later keystrokes.
  const latest = useRef(values);
  const set = (next: Values) => {
    latest.current = next;
    setValues(next);
    onChange?.({ ...next });
  };

  const update = (part: Part, value: string) => {
    set({ ...latest.current, [part]: value });
    if (part === 'postcode') startLookup(value);
  };

  const startLookup = (postcode: string) => {
    // A newer postcode makes any earlier answer stale.
    lookup.current?.abort();
    lookup.current = null;
    if (!shouldLookupPostcode(postcode)) return;
    const controller = new AbortController();
    lookup.current = controller;
    void lookupPostcode(lookupUrl, postcode.trim(), controller.signal).then((place) => {
      if (!place || controller.signal.aborted) return;
      if (latest.current.postcode.trim() !== postcode.trim()) return;
      set({ ...latest.current, city: place.city, state: place.state, country: place.country });
    });
  };

  // Leaving the whole address (focus moves outside it) shows every missing part at once.
  const onGroupBlur = (event: FocusEvent<HTMLFieldSetElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && event.currentTarget.contains(next)) return;
    if (required || anyFilled(values)) touchAll();
  };

  const input = (part: Part, extra: { inputMode?: 'numeric' | 'text'; className?: string } = {}) => {
    const error = shownError(part);
    const inputId = fieldId(part);
    const partRequired = part !== 'address_2' && (required || anyFilled(values));
    return (
      <div className={extra.className}>
        <FieldLabel
          htmlFor={inputId}
          required={partRequired}
          optionalLabel={part === 'address_2' && required ? messages['field.optional'] : undefined}
        >
          {messages[LABEL_KEY[part]]}
        </FieldLabel>
        <input
          id={inputId}
          name={`${name}.${part}`}
          type="text"
          autoComplete={AUTOCOMPLETE[part]}
          inputMode={extra.inputMode}
          value={values[part]}
          onChange={(event) => update(part, event.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, [part]: true }))}
          aria-required={partRequired || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${inputId}-error`)}
          className={controlClass(Boolean(error))}
        />
        <FieldError id={`${inputId}-error`} message={error} />
      </div>
    );
  };

  return (
    <fieldset
      ref={rootRef}
      id={baseId}
      className={`min-w-0 ${className ?? ''}`}
      onBlur={onGroupBlur}
      data-address={name}
    >
      <FieldLabel as="legend" required={required} optionalLabel={messages['field.optional']}>
        {legend ?? messages['address.label']}
      </FieldLabel>
      <div className="grid gap-3">
        {input('address_1')}
        {input('address_2')}
        <div className="grid gap-3 sm:grid-cols-2">
          {input('postcode', { inputMode: 'numeric' })}
          {input('city')}
          {input('state')}
          {input('country')}
        </div>
      </div>
    </fieldset>
  );
}

function anyFilled(values: Values): boolean {
  return Object.values(values).some((v) => v.trim() !== '');
}

function stringsOnly(value: Partial<Address> | undefined): Partial<Values> {
  const out: Partial<Values> = {};
  for (const [key, v] of Object.entries(value ?? {})) {
    if (typeof v === 'string' && key in EMPTY) out[key as Part] = v;
  }
  return out;
}
