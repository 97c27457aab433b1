// Test helpers: campaigns inserted directly (the campaign editor is staff's), and a donor's input.
import type { Db } from '../../db/client.server';
import { campaigns } from '../../db/schema';
import type { DonorInput } from './donation-form.schema';

let sequence = 0;

export async function insertTestCampaign(
  db: Db,
  tenantId: string,
  patch: Partial<typeof campaigns.$inferInsert> = {},
): Promise<{ id: string; publicId: string }> {
  sequence += 1;
  const [row] = await db
    .insert(campaigns)
    .values({
      tenantId,
      publicId: `test-campaign-${sequence}-${Math.random().toString(36).slice(2, 8)}`,
      title: { en: `Campaign ${sequence}`, ms: `Kempen ${sequence}`, id: `Kampanye ${sequence}` },
      status: 'live',
      startsAt: new Date('2026-01-01T00:00:00Z'),
      suggestedAmounts: [2000, 5000, 10_000],
      minAmountMinor: 1000,
      maxAmountMinor: 10_000_000,
      oneTime: true,
      weeklyCounts: [4, 8],
      monthlyCounts: [6, 12],
      coverFeesAllowed: true,
      ...patch,
    })
    .returning({ id: campaigns.id, publicId: campaigns.publicId });
  if (!row) throw new Error('campaign not inserted');
  return row;
}

let donorSequence = 0;

/**
 * A donor's input. Each call is another person (their own phone and e-mail): unpaid checkouts are
 * limited per contact (issue 23), so a test that means one person making several gives the contact.
 */
export function testDonor(patch: Partial<DonorInput> = {}): DonorInput {
  donorSequence += 1;
  return {
    name: 'Siti Aminah',
    anonymous: false,
    phone: `6012${String(donorSequence).padStart(7, '0')}`,
    email: `siti.${donorSequence}@example.com`,
    address: null,
    message: null,
    taxReceipt: false,
    taxId: null,
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}-${Date.now()}`,
    website: '',
    ...patch,
  };
}
