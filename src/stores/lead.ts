import { atom } from 'nanostores';
import { LEAD_PARAMS } from '#lib/lead-params.ts';

// The campaign parameters of the URL a visitor first landed on (SPEC.md §3 "lead"), so a
// donation or booking made a few pages later can still be attributed to the ad or post that
// brought them. Captured once per browser session (sessionStorage): later landings in the same
// session do not overwrite it, and a new session starts afresh.

export { LEAD_PARAMS };
export type LeadParam = (typeof LEAD_PARAMS)[number];
export type Lead = Partial<Record<LeadParam, string>>;

export const LEAD_KEY = 'lead';

/** Long enough for any real click id; stops a crafted URL from filling storage. */
const MAX_LENGTH = 500;

/**
 * A stored lead as written by `captureLead`: an object whose known parameters, when present, are
 * strings of at most MAX_LENGTH; other keys are dropped; anything else is no lead. Checked by hand
 * rather than with zod: the shell runs this on every page, and zod/mini alone would more than
 * double the home page's JavaScript (DESIGN.md §8 budget).
 */
export function parseLead(value: unknown): Lead | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const lead: Lead = {};
  for (const name of LEAD_PARAMS) {
    const param = (value as Record<string, unknown>)[name];
    if (param === undefined) continue;
    if (typeof param !== 'string' || param.length > MAX_LENGTH) return null;
    lead[name] = param;
  }
  return lead;
}

/** The captured lead; null until captured in this session. {} means "landed without any". */
export const $lead = atom<Lead | null>(null);

/** The campaign parameters of a URL; empty values are ignored. */
export function leadFromUrl(url: URL | string): Lead {
  let params: URLSearchParams;
  try {
    params = (typeof url === 'string' ? new URL(url, 'http://localhost') : url).searchParams;
  } catch {
    return {};
  }
  const lead: Lead = {};
  for (const name of LEAD_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) lead[name] = value.slice(0, MAX_LENGTH);
  }
  return lead;
}

/**
 * Captures the lead from the landing URL once per session and returns it. Later calls in the same
 * session return the first capture unchanged.
 */
export function captureLead(
  url: URL | string,
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = safeSessionStorage(),
): Lead {
  const existing = $lead.get() ?? readStored(storage);
  if (existing) {
    $lead.set(existing);
    return existing;
  }
  const lead = leadFromUrl(url);
  try {
    storage?.setItem(LEAD_KEY, JSON.stringify(lead));
  } catch {
    // Storage full or blocked: keep it for this page only.
  }
  $lead.set(lead);
  return lead;
}

function readStored(storage: Pick<Storage, 'getItem'> | undefined): Lead | null {
  try {
    const raw = storage?.getItem(LEAD_KEY);
    if (!raw) return null;
    return parseLead(JSON.parse(raw));
  } catch {
    return null;
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
