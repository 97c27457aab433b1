import { type KeyboardEvent, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { Locale } from '#i18n/locales.ts';
import type { MessageKey } from '#i18n/t.ts';
import { countryOfZone, regionCountry } from '#lib/browser-country.ts';
import { countryName } from '#lib/countries.ts';
import { digitsOnly, internationalPhone, validatePhone } from '#lib/phone.ts';
import { FieldError, FieldLabel, useFieldIds } from './FieldParts';
import { Flag } from './Flag';
import { describedBy } from './field-styles';
import { useFormSubmitValidation } from './form-validation';
import { countryOrDefault, MAX_PHONE_DIGITS, parsePastedPhone, splitPhoneValue } from './phone-model';

// The open picker (its list, search and localised names) loads when first wanted: most visitors
// never open it, and /login's budget is 40 KB (issue 25). Hovering or focusing the country
// button starts the load, so the list is usually there by the click.
const loadCountryList = () => import('./CountryList');
const CountryList = lazy(loadCountryList);

/** The strings PhoneInput needs: pass `pick(locale, PHONE_MESSAGE_KEYS)`. */
export const PHONE_MESSAGE_KEYS = [
  'phone.label',
  'phone.country',
  'phone.searchCountry',
  'phone.noCountry',
  'phone.required',
  'phone.invalid',
  'field.optional',
] as const satisfies readonly MessageKey[];
export type PhoneMessages = Record<(typeof PHONE_MESSAGE_KEYS)[number], string>;

export interface PhoneInputProps {
  /** Name of the hidden input carrying the emitted value in plain form posts. */
  name: string;
  locale: Locale;
  messages: PhoneMessages;
  id?: string;
  /** Defaults to messages['phone.label']. */
  label?: string;
  required?: boolean;
  /** A full value as this field emits it (60123456789); picks the country by its dial code. */
  defaultValue?: string;
  /** Called with the dial code prefixed to the number (SPEC.md §5), '' when empty. */
  onChange?: (value: string) => void;
  className?: string;
}

/**
 * Phone number with a searchable country picker. Only digits can be typed; the emitted value is
 * the dial code prefixed to the number. Validation (SPEC.md §5) runs on blur and on submit.
 */
export default function PhoneInput({
  name,
  locale,
  messages,
  id,
  label,
  required = false,
  defaultValue,
  onChange,
  className,
}: PhoneInputProps) {
  const { controlId: inputId, errorId, labelId } = useFieldIds(id, 'phone');
  const buttonId = `${inputId}-country`;
  const popupId = `${inputId}-countries`;
  const listId = `${inputId}-listbox`;
  const optionId = (iso: string) => `${inputId}-option-${iso}`;

  const initial = useMemo(() => splitPhoneValue(defaultValue ?? ''), [defaultValue]);
  const [iso, setIso] = useState(initial.iso);
  const [number, setNumber] = useState(initial.number);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  // What the picker's search starts with: a letter typed on the closed country button.
  const [seed, setSeed] = useState('');

  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const numberRef = useRef<HTMLInputElement>(null);
  const pickedByVisitor = useRef(false);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const country = countryOrDefault(iso);
  // The dial code prefixed to the number (SPEC.md §5), a trunk 0 after it dropped where the
  // country dials one (lib/phone internationalPhone; the server normalises again with libphonenumber).
  const emitted = internationalPhone(number, country.dialCode);

  const message = (value: string, countryIso: string): string | null => {
    const problem = validatePhone(value, countryIso, required);
    return problem ? messages[problem] : null;
  };

  // An empty field takes its country from the browser's time zone. Done after mount: the server
  // cannot know the zone, and doing it during render would mismatch on hydration. The region's
  // zones are known at once; another loads the zone table first (lib/browser-country).
  useEffect(() => {
    if (defaultValue || pickedByVisitor.current) return;
    let zone: string | undefined;
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      zone = undefined;
    }
    const near = regionCountry(zone);
    if (near) {
      setIso(near);
      return;
    }
    let current = true;
    void countryOfZone(zone).then((found) => {
      if (current && !pickedByVisitor.current) setIso(found);
    });
    return () => {
      current = false;
    };
  }, [defaultValue]);

  // Tell the parent about every change of the emitted value, not about the first render.
  const lastEmitted = useRef(emitted);
  useEffect(() => {
    if (lastEmitted.current === emitted) return;
    lastEmitted.current = emitted;
    onChange?.(emitted);
  }, [emitted, onChange]);

  useFormSubmitValidation(rootRef, () => {
    const problem = message(number, iso);
    setTouched(true);
    setError(problem);
    return problem === null;
  });

  const openPicker = (letter = '') => {
    setSeed(letter);
    setOpen(true);
  };

  const closePicker = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  const choose = (next: string) => {
    pickedByVisitor.current = true;
    setIso(next);
    if (touched) setError(message(number, next));
    setOpen(false);
    numberRef.current?.focus();
  };

  const changeNumber = (field: HTMLInputElement) => {
    // Autofill (`autocomplete="tel"`) and typing may bring the whole international number
    // ("+62 812…"): the country follows it, as for a paste.
    // Only a leading '+': a typed '00' is still being typed.
    const international = field.value.trim().startsWith('+') ? parsePastedPhone(field.value) : null;
    if (international) {
      field.value = international.number;
      pickedByVisitor.current = true;
      setIso(international.iso);
      setNumber(international.number);
      if (touched) setError(message(international.number, international.iso));
      return;
    }
    const digits = digitsOnly(field.value).slice(0, MAX_PHONE_DIGITS);
    // When the filtered value equals the state (letters typed into an empty field), nothing
    // re-renders and preact would leave the letters on screen: put the digits back ourselves.
    if (field.value !== digits) field.value = digits;
    setNumber(digits);
    if (touched) setError(message(digits, iso));
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openPicker();
    } else if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Type to search: a letter on the closed picker opens it with that letter.
      event.preventDefault();
      openPicker(event.key);
    }
  };

  const invalid = Boolean(error);
  // Localised names come from the runtime's ICU, which differs between Node and browsers: the
  // first render uses the list's name so hydration matches, then the localised one.
  const countryLabel = mounted ? countryName(country.iso, locale) : country.name;

  return (
    <div ref={rootRef} className={className}>
      <FieldLabel id={labelId} htmlFor={inputId} required={required} optionalLabel={messages['field.optional']}>
        {label ?? messages['phone.label']}
      </FieldLabel>
      <div className="relative">
        <div
          className={[
            'flex rounded-lg border bg-white shadow-sm focus-within:ring-2 focus-within:ring-primary',
            invalid ? 'border-danger' : 'border-gray-300 focus-within:border-primary',
          ].join(' ')}
          data-phone-control
        >
          <button
            ref={buttonRef}
            id={buttonId}
            type="button"
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-controls={open ? popupId : undefined}
            aria-label={`${messages['phone.country']}: ${countryLabel} +${country.dialCode}`}
            data-country={country.iso}
            onClick={() => (open ? closePicker(false) : openPicker())}
            onKeyDown={onButtonKeyDown}
            onPointerEnter={() => void loadCountryList()}
            onFocus={() => void loadCountryList()}
            className="flex shrink-0 items-center gap-1.5 rounded-l-lg border-r border-gray-300 px-3 py-2 text-gray-900 hover:bg-gray-50 focus:outline-none focus-visible:bg-primary-soft"
          >
            <Flag iso={country.iso} />
            <span className="tabular-nums">+{country.dialCode}</span>
            <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="text-gray-500">
              <path d="M5.5 7.5 10 12l4.5-4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </button>
          <input
            ref={numberRef}
            id={inputId}
            type="tel"
            inputMode="numeric"
            // `tel`, the one autofill token the HTML spec allows on type=tel (its `tel-national` is
            // for text inputs: the Nu checker refuses it here); a full number is split above.
            autoComplete="tel"
            value={number}
            onChange={(event) => changeNumber(event.currentTarget)}
            onPaste={(event) => {
              const parsed = parsePastedPhone(event.clipboardData.getData('text'));
              if (!parsed) return; // plain digits: onChange strips the rest
              event.preventDefault();
              pickedByVisitor.current = true;
              setIso(parsed.iso);
              setNumber(parsed.number);
              if (touched) setError(message(parsed.number, parsed.iso));
            }}
            onBlur={() => {
              setTouched(true);
              setError(message(number, iso));
            }}
            aria-required={required || undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy(invalid && errorId)}
            className="min-w-0 flex-1 rounded-r-lg border-0 bg-transparent px-3 py-2 text-base text-gray-900 placeholder:text-gray-400 focus:outline-none focus-visible:outline-none"
          />
        </div>

        {open && (
          // Nothing while it loads (a moment at most, usually started on hover or focus): the
          // list takes the focus into its search box when it mounts.
          <Suspense fallback={null}>
            <CountryList
              popupId={popupId}
              listId={listId}
              optionId={optionId}
              locale={locale}
              currentIso={iso}
              initialQuery={seed}
              onChoose={choose}
              onClose={closePicker}
              buttonRef={buttonRef}
              messages={messages}
            />
          </Suspense>
        )}
      </div>
      <input type="hidden" name={name} value={emitted} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
