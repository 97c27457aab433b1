import type { DonationType, GivingOptions } from '../cart';
import { FieldError } from './DonorFields';
import { countOptions, SelectField } from './SelectField';

type Key =
  | 'donation.form.type'
  | 'donation.form.oneTime'
  | 'donation.form.weekly'
  | 'donation.form.monthly'
  | 'donation.form.weeks'
  | 'donation.form.months';

interface Props {
  types: DonationType[];
  offer: GivingOptions;
  type: DonationType;
  onType: (type: DonationType) => void;
  weeklyCount: string;
  monthlyCount: string;
  onWeeklyCount: (count: string) => void;
  onMonthlyCount: (count: string) => void;
  /** Before hydration every count shows (no script to switch them); after, only the chosen type's. */
  hydrated: boolean;
  errors: Record<string, string>;
  messages: Record<Key, string>;
}

/** "One-time", "Weekly", "Monthly": a kind of gift in the visitor's language (the form and the cart). */
export function typeLabel(
  type: DonationType,
  m: Record<'donation.form.oneTime' | 'donation.form.weekly' | 'donation.form.monthly', string>,
): string {
  return type === 'one-time'
    ? m['donation.form.oneTime']
    : type === 'weekly'
      ? m['donation.form.weekly']
      : m['donation.form.monthly'];
}

/** The donation form's kind of gift: once, weekly or monthly, and how many instalments. */
export function GiftTypeFields(props: Props) {
  const { types, offer, type, hydrated, errors, messages: m } = props;

  const countSelect = (which: 'weekly' | 'monthly') => {
    const name = which === 'weekly' ? 'weeklyCount' : 'monthlyCount';
    const counts = which === 'weekly' ? offer.weeklyCounts : offer.monthlyCounts;
    const value = which === 'weekly' ? props.weeklyCount : props.monthlyCount;
    const set = which === 'weekly' ? props.onWeeklyCount : props.onMonthlyCount;
    if (counts.length === 0 || (hydrated && type !== which)) return null;
    return (
      <SelectField
        id={`donation-${name}`}
        name={name}
        label={which === 'weekly' ? m['donation.form.weeks'] : m['donation.form.months']}
        value={value}
        options={countOptions(counts)}
        onChange={set}
      />
    );
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-lg font-semibold text-gray-900">{m['donation.form.type']}</legend>
      <div className="flex flex-wrap gap-2">
        {types.map((option) => (
          <label
            key={option}
            className={`flex cursor-pointer items-center gap-2 rounded-lg border px-4 py-2.5 font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary ${type === option ? 'border-primary bg-primary-soft text-gray-900' : 'border-gray-300 bg-white text-gray-900'}`}
          >
            <input
              type="radio"
              name="type"
              value={option}
              checked={type === option}
              onChange={() => props.onType(option)}
            />
            {typeLabel(option, m)}
          </label>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {countSelect('weekly')}
        {countSelect('monthly')}
      </div>
      <FieldError name="type" errors={errors} />
    </fieldset>
  );
}
