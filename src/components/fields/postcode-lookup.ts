/** A postcode lookup item (SPEC.md §3). */
export interface Place {
  postcode: string;
  city: string;
  state: string;
  country: string;
}

// Checked by hand rather than with zod: this runs in every address island, and four string
// checks do not justify shipping a schema library to the browser.
function isPlace(value: unknown): value is Place {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return ['postcode', 'city', 'state', 'country'].every((key) => typeof v[key] === 'string');
}

/**
 * City, state and country for a postcode from `GET {url}?postcode=…` (SPEC.md §7): the first item
 * of the answer. Every failure (network, status, odd JSON, abort) gives null, silently: the
 * visitor can still type the address by hand.
 */
export async function lookupPostcode(url: string, postcode: string, signal?: AbortSignal): Promise<Place | null> {
  try {
    const response = await fetch(`${url}?postcode=${encodeURIComponent(postcode)}`, {
      headers: { Accept: 'application/json' },
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    if (!Array.isArray(body) || !isPlace(body[0])) return null;
    const { postcode: code, city, state, country } = body[0];
    return { postcode: code, city, state, country };
  } catch {
    return null;
  }
}
