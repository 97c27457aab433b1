// libphonenumber-js with its small ("min") metadata: the server's schemas only. The phone field
// drops a trunk 0 by lib/phone's internationalPhone instead (issue 25: 29 KB out of the browser).
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * The one normalisation of a phone value, on the server (the phone field agrees: internationalPhone): a number in
 * international form (digits with the dial code, as phoneValue emits it, '+' and separators
 * allowed) → E.164 digits without the '+' (the form we store; SMS gateways add the '+').
 * libphonenumber drops a national trunk prefix typed after the dial code, for every country:
 * Indonesia's 0812-3456-7890 with +62 is 6281234567890, not 62081234567890. Malaysia's product
 * dial code "6" already absorbs its trunk 0 (0123456789 → 60123456789), which libphonenumber
 * keeps as it is. Numbers it cannot place keep their digits: outside Malaysia SPEC §5 only asks
 * for non-empty, and validatePhone stays the only judge of valid (its messages unchanged).
 */
export function normalisePhone(value: string): string {
  const digits = value.replace(/\D+/g, ''); // digitsOnly, without importing ./phone back
  if (digits === '') return '';
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  const e164 = parsed?.number.slice(1);
  // Only accept a result that is the same number minus a trunk prefix, never a different one.
  return e164 && e164.length <= digits.length && e164.length >= digits.length - 2 ? e164 : digits;
}
