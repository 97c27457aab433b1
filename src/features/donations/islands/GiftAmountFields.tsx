import { controlClass, hintClass, labelClass } from '#components/fields/field-styles.ts';
import { type Currency, formatMoney } from '#lib/money.ts';
import { amountAsTyped, fill } from '../amount-text';
import { FieldError } from './DonorFields';

type Key = 'donation.form.amount' | 'donation.form.customAmount';

interface Props {
  suggestedAmounts: number[];
  currency: Currency;
  /** The suggested amount chosen (as typed: "50.00"), and the amount typed instead. */
  amount: string;
  customAmount: string;
  onAmount: (amount: string) => void;
  onCustomAmount: (amount: string) => void;
  /** "At least RM5" / "RM5 to RM10,000": the hint under the typed amount. */
  limits: string;
  errors: Record<string, string>;
  messages: Record<Key, string>;
}

/** The donation form's amount: the campaign's suggested amounts as buttons, or one typed. */
export function GiftAmountFields({
  suggestedAmounts,
  currency,
  amount,
  customAmount,
  onAmount,
  onCustomAmount,
  limits,
  errors,
  messages: m,
}: Props) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-lg font-semibold text-gray-900">{m['donation.form.amount']}</legend>
      {suggestedAmounts.length > 0 && (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {suggestedAmounts.map((suggested) => {
            const value = amountAsTyped(suggested, currency);
            const checked = !customAmount.trim() && amount === value;
            return (
              <label
                key={suggested}
                className={`flex cursor-pointer items-center justify-center rounded-lg border px-3 py-3 text-center font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary ${checked ? 'border-primary bg-primary text-on-primary' : 'border-gray-300 bg-white text-gray-900'}`}
              >
                <input
                  type="radio"
                  name="amount"
                  value={value}
                  checked={checked}
                  onChange={() => {
                    onAmount(value);
                    onCustomAmount('');
                  }}
                  className="sr-only"
                />
                {formatMoney(suggested, currency)}
              </label>
            );
          })}
        </div>
      )}
      <div>
        <label htmlFor="donation-customAmount" className={labelClass}>
          {fill(m['donation.form.customAmount'], { currency: currency.symbol })}
        </label>
        <input
          id="donation-customAmount"
          name="customAmount"
          inputMode="decimal"
          autoComplete="off"
          value={customAmount}
          onInput={(e) => onCustomAmount((e.currentTarget as HTMLInputElement).value)}
          aria-invalid={errors.customAmount ? true : undefined}
          aria-describedby={errors.customAmount ? 'customAmount-error' : 'customAmount-hint'}
          className={controlClass(Boolean(errors.customAmount))}
        />
        <p id="customAmount-hint" className={hintClass}>
          {limits}
        </p>
        <FieldError name="customAmount" errors={errors} />
      </div>
    </fieldset>
  );
}
