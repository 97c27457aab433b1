// Pure: which review page a slug names, and where the public review button may send a visitor.

/** Path segments that are routes of their own under /review, never a slug. */
export const RESERVED_SLUGS = ['thankyou', 'clinic', 'feedback', 'redirect', 'unsubscribe'] as const;

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;

/** A well-formed slug (lower case, digits, dashes, ≤ 60) that is not a route name; else null. */
export function parseSlug(value: string | undefined | null): string | null {
  if (!value || !SLUG.test(value)) return null;
  return (RESERVED_SLUGS as readonly string[]).includes(value) ? null : value;
}

export interface ReviewLinkTarget {
  id: string;
  slug: string;
  kind: 'branch' | 'practitioner';
  resourceId: string | null;
  name: string;
  publicReviewUrl: string | null;
}

export type ReviewTarget =
  | { kind: 'organisation'; slug: string; name: string; linkId: null; resourceId: null }
  | { kind: 'branch' | 'practitioner'; slug: string; name: string; linkId: string; resourceId: string | null };

/**
 * What `/review/{slug}` is about: the organisation (its own slug, or no slug), one of its branches
 * or practitioners (its review links), or nothing (404). Only the tenant's own links are passed
 * in, so another tenant's slug names nothing here.
 */
export function resolveTarget(
  slug: string | null | undefined,
  organisation: { slug: string; name: string },
  links: readonly ReviewLinkTarget[],
): ReviewTarget | null {
  if (slug === undefined || slug === null || slug === '' || slug === organisation.slug) {
    return { kind: 'organisation', slug: organisation.slug, name: organisation.name, linkId: null, resourceId: null };
  }
  const link = links.find((l) => l.slug === slug);
  if (!link) return null;
  return { kind: link.kind, slug: link.slug, name: link.name, linkId: link.id, resourceId: link.resourceId };
}

/**
 * A configured public review link, or null when it is not one we would send anyone to: https,
 * no user name or password, a host name. Applied when it is saved and again when redirecting.
 */
export function safePublicUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname.includes('.')) return null;
  return url.toString();
}

/** Google's "write a review" link for a Business Profile place id. */
export function googleReviewUrl(placeId: string): string | null {
  if (!/^[A-Za-z0-9_-]{10,200}$/.test(placeId)) return null;
  return `https://search.google.com/local/writereview?placeid=${placeId}`;
}

/**
 * Where `/review/{slug}/redirect` sends the visitor: the branch's own configured link, else the
 * organisation's; nothing from the request takes part, so it can never be an open redirect.
 */
export function redirectTarget(
  organisationUrl: string | null,
  link: { publicReviewUrl: string | null } | null,
): string | null {
  return safePublicUrl(link?.publicReviewUrl) ?? safePublicUrl(organisationUrl);
}
