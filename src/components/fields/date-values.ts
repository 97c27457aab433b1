// Dates cross the island boundary as 'yyyy-MM-dd' strings (props must serialise), and become
// local-midnight Date objects only inside the calendar.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'yyyy-MM-dd' → local midnight; null for anything else, including impossible dates. */
export function parseIsoDate(value: string | null | undefined): Date | null {
  const match = value ? ISO_DATE.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/** Local calendar date → 'yyyy-MM-dd'. */
export function toIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function parseIsoDates(values: readonly string[] | undefined): Date[] {
  return (values ?? []).map(parseIsoDate).filter((d): d is Date => d !== null);
}
