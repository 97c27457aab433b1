import { z } from 'zod';

/**
 * `GET /api/shipping/postcodes?postcode=NNNNN`: a Malaysian postcode is exactly five digits.
 * Anything else (letters, control characters the database would refuse) is a 400, never a query.
 */
export const PostcodeQuery = z.object({
  postcode: z
    .string()
    .trim()
    .length(5, { message: 'error.postcodeInvalid' })
    .regex(/^\d+$/, { message: 'error.postcodeDigits' }),
});

export const PostcodeItem = z.object({
  postcode: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
});
export type PostcodeItem = z.infer<typeof PostcodeItem>;
