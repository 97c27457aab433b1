import { controlClass, errorClass, hintClass, labelClass } from '#components/fields/field-styles.ts';
import type { FormValues } from '../donation-form';
import { CheckboxLine } from './CheckboxLine';

/** The keys of who gives (name or anonymous, phone, e-mail): shown by the donation form and the cart alike. */
export const DONOR_CONTACT_KEYS = [
  'donation.form.donor',
  'donation.form.name',
  'donation.form.anonymousLabel',
  'phone.label',
  'donation.form.phoneHint',
  'donation.form.email',
] as const;

/** The message keys the donor's part of the donation form shows. */
export const DONOR_FIELD_KEYS = [
  ...DONOR_CONTACT_KEYS,
  'donation.form.address',
  'donation.form.address1',
  'donation.form.address2',
  'donation.form.postcode',
  'donation.form.city',
  'donation.form.state',
  'donation.form.country',
  'donation.form.message',
  'donation.form.taxReceipt',
  'donation.form.taxId',
  'donation.form.taxIdHint',
] as const;
export type DonorFieldKey = (typeof DONOR_FIELD_KEYS)[number];

/** A field's error under it, named by `aria-describedby`. */
export function FieldError({ name, errors }: { name: string; errors: Record<string, string> }) {
  return errors[name] ? (
    <p id={`${name}-error`} className={errorClass}>
      {errors[name]}
    </p>
  ) : null;
}

interface Props {
  values: FormValues;
  errors: Record<string, string>;
  messages: Record<DonorFieldKey, string>;
  issuesTaxReceipts: boolean;
  /** Before hydration every field shows (the form works without JavaScript). */
  hydrated: boolean;
  taxReceipt: boolean;
  onTaxReceipt: (wanted: boolean) => void;
}

/**
 * Who gives: name or anonymous, phone, e-mail, an optional address, a message and, where the
 * tenant issues them, the tax receipt's identity number. Plain named inputs: the same fields post
 * without JavaScript and are read by "Add to cart".
 */
export function DonorFields({
  values,
  errors,
  messages: m,
  issuesTaxReceipts,
  hydrated,
  taxReceipt,
  onTaxReceipt,
}: Props) {
  const input = (
    name: string,
    label: string,
    options: { type?: string; autoComplete?: string; required?: boolean; hint?: string } = {},
  ) => (
    <div>
      <label htmlFor={`donation-${name}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`donation-${name}`}
        name={name}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        required={options.required}
        defaultValue={values[name] ?? ''}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${name}-error` : options.hint ? `${name}-hint` : undefined}
        className={controlClass(Boolean(errors[name]))}
      />
      {options.hint && (
        <p id={`${name}-hint`} className={hintClass}>
          {options.hint}
        </p>
      )}
      <FieldError name={name} errors={errors} />
    </div>
  );

  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 text-lg font-semibold text-gray-900">{m['donation.form.donor']}</legend>
      {input('name', m['donation.form.name'], { autoComplete: 'name' })}
      <label className="flex items-center gap-3 text-gray-900">
        <input type="checkbox" name="anonymous" defaultChecked={values.anonymous === 'on'} className="h-4 w-4" />
        {m['donation.form.anonymousLabel']}
      </label>
      {input('phone', m['phone.label'], {
        type: 'tel',
        autoComplete: 'tel',
        required: true,
        hint: m['donation.form.phoneHint'],
      })}
      {input('email', m['donation.form.email'], { type: 'email', autoComplete: 'email' })}
      <details
        className="rounded-lg border border-gray-200 p-3"
        open={Boolean(values.address_1 || errors.address_1 || taxReceipt)}
      >
        <summary className="cursor-pointer font-medium text-gray-900">{m['donation.form.address']}</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <div className="sm:col-span-2">
            {input('address_1', m['donation.form.address1'], { autoComplete: 'address-line1' })}
          </div>
          <div className="sm:col-span-2">
            {input('address_2', m['donation.form.address2'], { autoComplete: 'address-line2' })}
          </div>
          {input('postcode', m['donation.form.postcode'], { autoComplete: 'postal-code' })}
          {input('city', m['donation.form.city'], { autoComplete: 'address-level2' })}
          {input('state', m['donation.form.state'], { autoComplete: 'address-level1' })}
          {input('country', m['donation.form.country'], { autoComplete: 'country-name' })}
        </div>
      </details>
      <div>
        <label htmlFor="donation-message" className={labelClass}>
          {m['donation.form.message']}
        </label>
        <textarea
          id="donation-message"
          name="message"
          rows={3}
          maxLength={500}
          defaultValue={values.message ?? ''}
          className={controlClass(Boolean(errors.message))}
        />
        <FieldError name="message" errors={errors} />
      </div>
      {issuesTaxReceipts && (
        <div className="grid gap-3">
          <CheckboxLine name="taxReceipt" checked={taxReceipt} onChecked={onTaxReceipt}>
            {m['donation.form.taxReceipt']}
          </CheckboxLine>
          {(!hydrated || taxReceipt) &&
            input('taxId', m['donation.form.taxId'], { hint: m['donation.form.taxIdHint'] })}
        </div>
      )}
    </fieldset>
  );
}
