import { z } from 'zod';

/** `GET /api/shipping/postcodes?postcode=NNNNN` */
export const PostcodeQuery = z.object({
  postcode: z.string().trim().length(5, { message: 'error.postcodeInvalid' }),
});

export const PostcodeItem = z.object({
  postcode: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
});
export type PostcodeItem = z.infer<typeof PostcodeItem>;
