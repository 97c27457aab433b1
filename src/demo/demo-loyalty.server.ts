import { and, eq } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { loyaltyProgrammes, loyaltyRewards, loyaltySettings, services, tenants } from '#db/schema/index.ts';

// Demo loyalty programmes (issue 14): the clinic's points with tiers and rewards; Peduli's, in
// Indonesian first, earning on donations with merchandise at the counter.

export async function seedDemoLoyalty(db: Db): Promise<void> {
  const bySlug = async (slug: string) => (await db.select().from(tenants).where(eq(tenants.slug, slug)))[0];
  const klinik = await bySlug('klinik');
  if (klinik) {
    await db
      .insert(loyaltySettings)
      .values({
        tenantId: klinik.id,
        allowedRewardKinds: ['discount_fixed', 'discount_percent', 'free_service', 'counter_item'],
      })
      .onConflictDoNothing();
    const [programme] = await db
      .insert(loyaltyProgrammes)
      .values({
        tenantId: klinik.id,
        publicId: 'sihat-points',
        name: { en: 'Sihat Points', ms: 'Mata Sihat', id: 'Poin Sihat' },
        description: {
          en: 'Earn points on every paid appointment and visit, and use them for discounts and health treats.',
          ms: 'Kumpul mata untuk setiap temu janji berbayar dan lawatan, dan gunakannya untuk diskaun dan hadiah kesihatan.',
          id: 'Kumpulkan poin dari setiap janji temu yang dibayar dan kunjungan, lalu pakai untuk diskon dan hadiah kesehatan.',
        },
        terms: {
          en: 'Points have no cash value and expire 12 months after they are earned. Klinik Sihat Bersama keeps your name, phone number and points history to run the programme (PDPA 2010); ask us at the counter to see or delete them.',
          ms: 'Mata tidak mempunyai nilai tunai dan luput 12 bulan selepas diperoleh. Klinik Sihat Bersama menyimpan nama, nombor telefon dan sejarah mata anda untuk menjalankan program ini (PDPA 2010); minta di kaunter untuk melihat atau memadamnya.',
          id: 'Poin tidak bernilai uang dan kedaluwarsa 12 bulan setelah didapat. Klinik Sihat Bersama menyimpan nama, nomor telepon, dan riwayat poin Anda untuk menjalankan program (PDPA 2010); minta di loket untuk melihat atau menghapusnya.',
        },
        earnPoints: 1,
        earnPerMinor: 100,
        visitPoints: 20,
        signupBonus: 50,
        expiryMonths: 12,
        tierWindowMonths: 12,
        tiers: [
          {
            name: { en: 'Silver', ms: 'Perak', id: 'Perak' },
            threshold: 500,
            earnPercent: 110,
            benefits: { en: '10% more points', ms: '10% lebih mata', id: '10% poin lebih banyak' },
          },
          {
            name: { en: 'Gold', ms: 'Emas', id: 'Emas' },
            threshold: 1500,
            earnPercent: 125,
            benefits: {
              en: '25% more points and priority booking',
              ms: '25% lebih mata dan tempahan keutamaan',
              id: '25% poin lebih banyak dan prioritas pemesanan',
            },
          },
        ],
      })
      .onConflictDoNothing()
      .returning();
    if (programme) {
      const [screening] = await db
        .select({ id: services.id })
        .from(services)
        .where(and(eq(services.tenantId, klinik.id), eq(services.slug, 'health-screening')));
      await db.insert(loyaltyRewards).values([
        {
          tenantId: klinik.id,
          programmeId: programme.id,
          kind: 'discount_fixed',
          name: {
            en: 'RM10 off your next appointment',
            ms: 'Diskaun RM10 untuk temu janji seterusnya',
            id: 'Potongan RM10 untuk janji temu berikutnya',
          },
          pointsCost: 100,
          valueMinor: 1000,
        },
        {
          tenantId: klinik.id,
          programmeId: programme.id,
          kind: 'discount_percent',
          name: {
            en: '15% off a health screening',
            ms: 'Diskaun 15% untuk saringan kesihatan',
            id: 'Diskon 15% untuk pemeriksaan kesehatan',
          },
          pointsCost: 250,
          serviceId: screening?.id ?? null,
          percent: 15,
          valueMinor: 5000,
        },
        {
          tenantId: klinik.id,
          programmeId: programme.id,
          kind: 'counter_item',
          name: { en: 'Vitamin C pack', ms: 'Pek Vitamin C', id: 'Paket Vitamin C' },
          pointsCost: 150,
          stock: 40,
        },
      ]);
    }
  }
  const peduli = await bySlug('peduli');
  if (peduli) {
    await db
      .insert(loyaltySettings)
      .values({ tenantId: peduli.id, allowedRewardKinds: ['counter_item'] })
      .onConflictDoNothing();
    const [programme] = await db
      .insert(loyaltyProgrammes)
      .values({
        tenantId: peduli.id,
        publicId: 'sahabat-peduli',
        name: { id: 'Sahabat Peduli', en: 'Friends of Peduli', ms: 'Sahabat Peduli' },
        description: {
          id: 'Setiap donasi menambah poin. Tukarkan dengan suvenir Peduli dan ajak lebih banyak orang berbagi.',
          en: 'Every donation adds points. Redeem them for Peduli keepsakes and bring more people into giving.',
          ms: 'Setiap derma menambah mata. Tebus untuk cenderamata Peduli dan ajak lebih ramai berkongsi.',
        },
        terms: {
          id: 'Poin tidak dapat diuangkan. Kami menyimpan nama, nomor telepon, dan riwayat poin Anda sesuai UU No. 27 Tahun 2022 tentang Pelindungan Data Pribadi.',
          en: 'Points cannot be exchanged for money. We keep your name, phone number and points history under Indonesia’s Personal Data Protection Law (No. 27 of 2022).',
          ms: 'Mata tidak boleh ditukar kepada wang. Kami menyimpan nama, nombor telefon dan sejarah mata anda mengikut Undang-undang Perlindungan Data Peribadi Indonesia (No. 27 Tahun 2022).',
        },
        earnPoints: 1,
        earnPerMinor: 10_000,
        earnOnDonations: true,
        signupBonus: 10,
        expiryMonths: null,
      })
      .onConflictDoNothing()
      .returning();
    if (programme) {
      await db.insert(loyaltyRewards).values([
        {
          tenantId: peduli.id,
          programmeId: programme.id,
          kind: 'counter_item',
          name: { id: 'Tas belanja Peduli', en: 'Peduli tote bag', ms: 'Beg Peduli' },
          pointsCost: 50,
          stock: 200,
        },
        {
          tenantId: peduli.id,
          programmeId: programme.id,
          kind: 'counter_item',
          name: { id: 'Botol minum Air Bersih', en: 'Clean Water bottle', ms: 'Botol Air Bersih' },
          pointsCost: 120,
          stock: 100,
        },
      ]);
    }
  }
}
