/**
 * Personal data shown on a page that anyone holding its link can open (an invoice, a booking's
 * checkout, a payment's verify page): enough for its owner to recognise, too little for a stranger
 * who got the link (a forwarded e-mail, a shared screen, a proxy's log) to use.
 */
const DOT = '•';

/**
 * `60123456789` or `+60123456789` → `+60•••••6789`: the country's first digits and the last four.
 * Short numbers keep less (never more than half of the digits show).
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D+/g, '');
  if (digits === '') return '';
  const tail = Math.min(4, Math.floor((digits.length * 2) / 5));
  const head = Math.min(2, Math.floor(digits.length / 4));
  const hidden = digits.length - head - tail;
  return `+${digits.slice(0, head)}${DOT.repeat(hidden)}${tail > 0 ? digits.slice(-tail) : ''}`;
}

/**
 * `aminah.yusof@gmail.com` → `a•••@g•••.com`: the first letter of the name and of the domain, and
 * the domain's ending (a personal domain is as telling as the name).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return DOT.repeat(3);
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const ending = dot > 0 ? domain.slice(dot) : '';
  const name = dot > 0 ? domain.slice(0, dot) : domain;
  const first = (text: string) => Array.from(text)[0] ?? '';
  return `${first(local)}${DOT.repeat(3)}@${first(name)}${DOT.repeat(3)}${ending}`;
}
