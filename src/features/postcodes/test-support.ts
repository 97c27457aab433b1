// Test factory: the postcode table alone (the demo seed loads it with everything else).
import type { Db } from '#db/client.server.ts';
import { postcodes } from '#db/schema/index.ts';
import { malaysianPostcodes } from '#db/seed/postcodes.ts';

/** The Malaysian postcode table the address fields look up. */
export async function thePostcodeTable(db: Db): Promise<void> {
  const rows = malaysianPostcodes();
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(postcodes)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  }
}
