/**
 * The campaign parameters an ad or a post adds to a link (SPEC.md §3 "lead"): the shell keeps the
 * first ones a visitor landed with; nothing a page shows depends on them.
 */
export const LEAD_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'fbclid',
  'ttclid',
  'gclid',
] as const;

const LEAD = new Set<string>(LEAD_PARAMS);

/**
 * A query without its campaign parameters, the rest sorted (`?b=1&a=2` and `?a=2&b=1` read the
 * same): what a page may vary on. A click id is one visitor's, so a page that carried it (the
 * language links keep the query) could not be shared; without it, every visitor of an ad lands on
 * the same page. `''` or `?…`.
 */
export function pageQuery(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const kept = [...params].filter(([name]) => !LEAD.has(name));
  if (kept.length === 0) return '';
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `?${new URLSearchParams(kept).toString()}`;
}
