import { asc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { postcodes } from '#db/schema/index.ts';
import type { PostcodeItem } from './postcode.schema';

/** Every city/state a postcode belongs to (postcode data is shared reference data, not tenant data). */
export async function lookupPostcode(db: Db, postcode: string): Promise<PostcodeItem[]> {
  return db
    .select({
      postcode: postcodes.postcode,
      city: postcodes.city,
      state: postcodes.state,
      country: postcodes.country,
    })
    .from(postcodes)
    .where(eq(postcodes.postcode, postcode))
    .orderBy(asc(postcodes.city));
}
