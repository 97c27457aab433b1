import { z } from 'zod';

/** One DNS label: letters, digits and inner hyphens, at most 63 characters. */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** A host as a browser sends it: a DNS name (optionally ending in a dot) or a bracketed IPv6 address, then an optional port. */
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::\\d{1,5})?$`, 'i');

/** `GET /domain_verifications?domain=HOST` (SPEC.md §7). */
export const DomainVerificationsQuery = z.object({
  domain: z
    .string()
    .trim()
    .min(1, { message: 'error.domainRequired' })
    .max(253, { message: 'error.domainTooLong' })
    .regex(HOST, { message: 'error.domainInvalid' }),
});
