import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import {
  blockedDates,
  bookingSettings,
  type IntakeQuestion,
  resourceHours,
  resources,
  serviceCategories,
  serviceResources,
  services,
  tenants,
} from '#db/schema/index.ts';
import type { LocalizedText } from '#i18n/locales.ts';

type Text = LocalizedText;
const t = (en: string, ms: string, id: string): Text => ({ en, ms, id });

const WEEKDAY_HOURS = [
  { start: 9 * 60, end: 13 * 60 },
  { start: 14 * 60, end: 18 * 60 },
];
const SATURDAY_HOURS = [{ start: 9 * 60, end: 13 * 60 }];

const PEOPLE: { key: string; name: string; title: Text }[] = [
  { key: 'aina', name: 'Dr. Nurul Aina', title: t('General practitioner', 'Pengamal perubatan am', 'Dokter umum') },
  { key: 'kumar', name: 'Dr. Kumar Selvam', title: t('General practitioner', 'Pengamal perubatan am', 'Dokter umum') },
  { key: 'lim', name: 'Dr. Lim Wei Jie', title: t('Family medicine', 'Perubatan keluarga', 'Kedokteran keluarga') },
  { key: 'farah', name: 'Dr. Farah Hanim', title: t('Dental surgeon', 'Pakar bedah pergigian', 'Dokter gigi') },
  { key: 'tan', name: 'Dr. Tan Mei Ling', title: t('Dental surgeon', 'Pakar bedah pergigian', 'Dokter gigi') },
  { key: 'siti', name: 'Nurse Siti Aminah', title: t('Registered nurse', 'Jururawat berdaftar', 'Perawat terdaftar') },
];

const CATEGORIES: { slug: string; name: Text }[] = [
  { slug: 'general', name: t('General practice', 'Rawatan am', 'Layanan umum') },
  { slug: 'dental', name: t('Dental care', 'Pergigian', 'Perawatan gigi') },
  { slug: 'vaccination', name: t('Vaccination', 'Vaksinasi', 'Vaksinasi') },
  { slug: 'screening', name: t('Health screening', 'Saringan kesihatan', 'Pemeriksaan kesehatan') },
];

interface DemoService {
  slug: string;
  category: string;
  name: Text;
  description: Text;
  durationMinutes: number;
  price: number;
  deposit?: number;
  needsApproval?: boolean;
  bufferAfterMinutes?: number;
  popular?: boolean;
  people: string[];
  intakeQuestions?: IntakeQuestion[];
}

const SERVICES: DemoService[] = [
  {
    slug: 'general-consultation',
    category: 'general',
    name: t('General consultation', 'Konsultasi am', 'Konsultasi umum'),
    description: t(
      'See a doctor for fever, cough, minor injuries, medical certificates and follow-ups.',
      'Berjumpa doktor untuk demam, batuk, kecederaan ringan, sijil cuti sakit dan rawatan susulan.',
      'Konsultasi dokter untuk demam, batuk, cedera ringan, surat keterangan sakit, dan kontrol.',
    ),
    durationMinutes: 15,
    price: 6000,
    popular: true,
    people: ['aina', 'kumar', 'lim'],
  },
  {
    slug: 'child-consultation',
    category: 'general',
    name: t('Child consultation', 'Konsultasi kanak-kanak', 'Konsultasi anak'),
    description: t(
      'A consultation for children under 12, with growth and development check.',
      'Konsultasi untuk kanak-kanak bawah 12 tahun, termasuk semakan tumbesaran.',
      'Konsultasi untuk anak di bawah 12 tahun, termasuk pemeriksaan tumbuh kembang.',
    ),
    durationMinutes: 20,
    price: 7000,
    people: ['aina', 'lim'],
  },
  {
    slug: 'dental-scaling',
    category: 'dental',
    name: t('Dental scaling and polishing', 'Cuci gigi (scaling dan polishing)', 'Scaling dan pemolesan gigi'),
    description: t(
      'Removes plaque and tartar, then polishes. Includes a dental check-up.',
      'Membuang plak dan karang gigi, kemudian menggilap. Termasuk pemeriksaan gigi.',
      'Membersihkan plak dan karang gigi, lalu memoles. Termasuk pemeriksaan gigi.',
    ),
    durationMinutes: 45,
    price: 15000,
    deposit: 5000,
    bufferAfterMinutes: 15,
    popular: true,
    people: ['farah', 'tan'],
  },
  {
    slug: 'tooth-extraction',
    category: 'dental',
    name: t('Tooth extraction', 'Cabut gigi', 'Cabut gigi'),
    description: t(
      'Simple extraction under local anaesthetic.',
      'Cabutan biasa dengan bius setempat.',
      'Pencabutan sederhana dengan bius lokal.',
    ),
    durationMinutes: 30,
    price: 12000,
    bufferAfterMinutes: 15,
    people: ['farah', 'tan'],
  },
  {
    slug: 'influenza-vaccination',
    category: 'vaccination',
    name: t('Influenza vaccination', 'Vaksinasi influenza', 'Vaksinasi influenza'),
    description: t(
      'The yearly flu jab (quadrivalent). Suitable from 6 months of age.',
      'Suntikan selesema tahunan (quadrivalent). Sesuai dari umur 6 bulan.',
      'Suntikan flu tahunan (kuadrivalen). Untuk usia 6 bulan ke atas.',
    ),
    durationMinutes: 10,
    price: 8500,
    popular: true,
    people: ['siti'],
  },
  {
    slug: 'health-screening',
    category: 'screening',
    name: t('Full health screening', 'Saringan kesihatan penuh', 'Pemeriksaan kesehatan lengkap'),
    description: t(
      'Blood tests, urine test, ECG and a doctor review. Our team confirms each request.',
      'Ujian darah, ujian air kencing, ECG dan semakan doktor. Pasukan kami mengesahkan setiap permintaan.',
      'Tes darah, tes urine, EKG, dan tinjauan dokter. Tim kami mengonfirmasi setiap permintaan.',
    ),
    durationMinutes: 60,
    price: 35000,
    needsApproval: true,
    people: ['kumar', 'lim'],
    intakeQuestions: [
      {
        id: 'fasting',
        kind: 'yes_no',
        required: true,
        label: t(
          'Will you have fasted for 8 hours?',
          'Adakah anda akan berpuasa selama 8 jam?',
          'Apakah Anda akan berpuasa selama 8 jam?',
        ),
      },
      {
        id: 'medications',
        kind: 'text',
        required: false,
        label: t('Medicines you take', 'Ubat yang anda ambil', 'Obat yang Anda konsumsi'),
      },
    ],
  },
];

/** Malaysian public holidays ahead (the clinic closes). */
const HOLIDAYS = ['2026-12-25', '2027-01-01', '2027-02-06', '2027-02-07', '2027-03-20', '2027-03-21'];

/** The demo clinic's catalogue: categories, services, practitioners, hours and holidays. */
export async function seedDemoCatalogue(db: Db, clinicSlug = 'klinik'): Promise<void> {
  const [clinic] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, clinicSlug));
  if (!clinic) return;
  const tenantId = clinic.id;
  await db.transaction(async (tx) => {
    await tx.insert(bookingSettings).values({ tenantId });
    const categoryIds = new Map<string, string>();
    for (const [position, category] of CATEGORIES.entries()) {
      const [row] = await tx
        .insert(serviceCategories)
        .values({ tenantId, position, ...category })
        .returning();
      if (row) categoryIds.set(category.slug, row.id);
    }
    const personIds = new Map<string, string>();
    for (const person of PEOPLE) {
      const [row] = await tx.insert(resources).values({ tenantId, name: person.name, title: person.title }).returning();
      if (!row) continue;
      personIds.set(person.key, row.id);
      const hours = [1, 2, 3, 4, 5].flatMap((weekday) => WEEKDAY_HOURS.map((h) => ({ weekday, ...h })));
      hours.push(...SATURDAY_HOURS.map((h) => ({ weekday: 6, ...h })));
      await tx.insert(resourceHours).values(
        hours.map((h) => ({
          tenantId,
          resourceId: row.id,
          weekday: h.weekday,
          startMinute: h.start,
          endMinute: h.end,
        })),
      );
    }
    for (const [position, service] of SERVICES.entries()) {
      const [row] = await tx
        .insert(services)
        .values({
          tenantId,
          categoryId: categoryIds.get(service.category) ?? null,
          slug: service.slug,
          name: service.name,
          description: service.description,
          durationMinutes: service.durationMinutes,
          price: service.price,
          deposit: service.deposit ?? null,
          needsApproval: service.needsApproval ?? false,
          bufferAfterMinutes: service.bufferAfterMinutes ?? 0,
          intakeQuestions: service.intakeQuestions ?? [],
          popular: service.popular ?? false,
          position,
        })
        .returning();
      if (!row) continue;
      await tx
        .insert(serviceResources)
        .values(
          service.people
            .map((key) => ({ tenantId, serviceId: row.id, resourceId: personIds.get(key) ?? '' }))
            .filter((r) => r.resourceId),
        );
    }
    await tx
      .insert(blockedDates)
      .values(
        HOLIDAYS.map((date) => ({ tenantId, date, reason: t('Public holiday', 'Cuti umum', 'Hari libur nasional') })),
      );
  });
}
