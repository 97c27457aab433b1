import type { LocalizedText } from '#i18n/locales.ts';

/** The demo organisations a fresh install shows. Fictional, but shaped like real ones. */
export interface DemoTenant {
  slug: string;
  kind: 'clinic' | 'donation';
  name: string;
  tagline: LocalizedText;
  registrationNo: string;
  address: string;
  phone: string;
  email: string;
  hosts: { hostname: string; isPrimary: boolean }[];
  settings: {
    currencyCode: string;
    currencySymbol: string;
    currencyMultiplier: number;
    currencyExponent: number;
    theme: string;
    timeZone: string;
    defaultLocale: string;
    facebookPixelId?: string;
    tiktokPixelId?: string;
    offersAppointments: boolean;
    offersDonations: boolean;
    offersLoyalty: boolean;
    offersReviews: boolean;
    offersQueue?: boolean;
  };
  verifications: { platform: number; code: string }[];
  /** Demo staff accounts; their passwords are for local use only (README). */
  staff: { name: string; email: string; role: 'owner' | 'manager' | 'staff'; password: string }[];
  /** Payment methods offered, with the fee a payer may choose to cover (minor units, basis points). */
  paymentMethods: {
    method: 'card' | 'fpx' | 'counter';
    feeFixed: number;
    feeRateBp: number;
    instructions?: LocalizedText;
  }[];
}

export const DEMO_TENANTS: DemoTenant[] = [
  {
    slug: 'klinik',
    kind: 'clinic',
    name: 'Klinik Sihat Bersama',
    tagline: {
      en: 'A family clinic in Shah Alam: general practice, dental care, vaccinations and health screening.',
      ms: 'Klinik keluarga di Shah Alam: rawatan am, pergigian, vaksinasi dan saringan kesihatan.',
      id: 'Klinik keluarga di Shah Alam: layanan umum, perawatan gigi, vaksinasi, dan pemeriksaan kesehatan.',
    },
    registrationNo: 'KKM/SEL/2019/0451',
    address: 'No. 12, Jalan Plumbum N7/N, Seksyen 7, 40000 Shah Alam, Selangor',
    phone: '+60 3-5511 2030',
    email: 'hello@kliniksihat.my',
    // localhost and 127.0.0.1 reach the default demo tenant (DESIGN.md §3).
    hosts: [
      { hostname: 'kliniksihat.my', isPrimary: true },
      { hostname: 'klinik.localhost', isPrimary: false },
      { hostname: 'localhost', isPrimary: false },
      { hostname: '127.0.0.1', isPrimary: false },
    ],
    settings: {
      currencyCode: 'MYR',
      currencySymbol: 'RM',
      currencyMultiplier: 100,
      currencyExponent: 2,
      theme: 'light-blue',
      timeZone: 'Asia/Kuala_Lumpur',
      defaultLocale: 'en',
      facebookPixelId: '1234567890123456',
      offersAppointments: true,
      offersDonations: false,
      offersLoyalty: true,
      offersReviews: true,
      offersQueue: true,
    },
    verifications: [{ platform: 1, code: 'k3l1n1ks1h4tv3r1fy0000000000' }],
    staff: [
      { name: 'Dr. Nurul Aina', email: 'owner@kliniksihat.my', role: 'owner', password: 'demo-owner-klinik' },
      { name: 'Siti Rahmah', email: 'staff@kliniksihat.my', role: 'staff', password: 'demo-staff-klinik' },
    ],
    paymentMethods: [
      { method: 'card', feeFixed: 50, feeRateBp: 180 },
      { method: 'fpx', feeFixed: 100, feeRateBp: 0 },
      {
        method: 'counter',
        feeFixed: 0,
        feeRateBp: 0,
        instructions: {
          en: 'Pay at our front counter (cash, card or DuitNow QR) before your appointment. Show this invoice number.',
          ms: 'Bayar di kaunter hadapan kami (tunai, kad atau DuitNow QR) sebelum temujanji anda. Tunjukkan nombor invois ini.',
          id: 'Bayar di konter depan kami (tunai, kartu, atau DuitNow QR) sebelum janji temu Anda. Tunjukkan nomor tagihan ini.',
        },
      },
    ],
  },
  {
    slug: 'yayasan',
    kind: 'donation',
    name: 'Yayasan Kasih Ummah',
    tagline: {
      en: 'Feeding families, funding education and rebuilding homes across Malaysia since 2008.',
      ms: 'Menyantuni keluarga, membiayai pendidikan dan membina semula rumah di seluruh Malaysia sejak 2008.',
      id: 'Memberi makan keluarga, membiayai pendidikan, dan membangun kembali rumah di seluruh Malaysia sejak 2008.',
    },
    registrationNo: 'PPM-016-10-14032008',
    address: 'Lot 3-1, Jalan Tun Razak, 50400 Kuala Lumpur',
    phone: '+60 3-2691 8800',
    email: 'derma@kasihummah.org.my',
    hosts: [
      { hostname: 'kasihummah.org.my', isPrimary: true },
      { hostname: 'yayasan.localhost', isPrimary: false },
    ],
    settings: {
      currencyCode: 'MYR',
      currencySymbol: 'RM',
      currencyMultiplier: 100,
      currencyExponent: 2,
      theme: 'green',
      timeZone: 'Asia/Kuala_Lumpur',
      defaultLocale: 'en',
      tiktokPixelId: 'C4KASIHUMMAH000TT',
      offersAppointments: false,
      offersDonations: true,
      offersLoyalty: false,
      offersReviews: true,
    },
    verifications: [
      { platform: 1, code: 'y4y4s4nk4s1hv3r1fy000000000' },
      { platform: 2, code: 'google-site-verification-kasihummah' },
    ],
    staff: [
      { name: 'Encik Hafiz Rahman', email: 'owner@kasihummah.org.my', role: 'owner', password: 'demo-owner-yayasan' },
    ],
    paymentMethods: [
      { method: 'card', feeFixed: 50, feeRateBp: 180 },
      { method: 'fpx', feeFixed: 100, feeRateBp: 0 },
    ],
  },
  {
    slug: 'peduli',
    kind: 'donation',
    name: 'Yayasan Peduli Nusantara',
    tagline: {
      en: 'Clean water, school meals and disaster relief for communities across Indonesia.',
      ms: 'Air bersih, makanan sekolah dan bantuan bencana untuk komuniti di seluruh Indonesia.',
      id: 'Air bersih, makan siang sekolah, dan bantuan bencana untuk masyarakat di seluruh Indonesia.',
    },
    registrationNo: 'AHU-0012345.AH.01.04.2015',
    address: 'Jl. Kemang Raya No. 8, Jakarta Selatan 12730',
    phone: '+62 21 7199 555',
    email: 'halo@pedulinusantara.or.id',
    hosts: [
      { hostname: 'pedulinusantara.or.id', isPrimary: true },
      { hostname: 'peduli.localhost', isPrimary: false },
    ],
    settings: {
      currencyCode: 'IDR',
      currencySymbol: 'Rp',
      currencyMultiplier: 1,
      currencyExponent: 0,
      theme: 'orange',
      timeZone: 'Asia/Jakarta',
      defaultLocale: 'id',
      offersAppointments: false,
      offersDonations: true,
      offersLoyalty: true,
      offersReviews: false,
    },
    verifications: [],
    staff: [
      { name: 'Ibu Ratna Sari', email: 'owner@pedulinusantara.or.id', role: 'owner', password: 'demo-owner-peduli' },
    ],
    paymentMethods: [
      { method: 'card', feeFixed: 2000, feeRateBp: 290 },
      {
        method: 'counter',
        feeFixed: 0,
        feeRateBp: 0,
        instructions: {
          en: 'Pay at our Jakarta office, Mon–Fri 09:00–17:00, and mention this invoice number.',
          ms: 'Bayar di pejabat kami di Jakarta, Isnin–Jumaat 09:00–17:00, dan nyatakan nombor invois ini.',
          id: 'Bayar di kantor kami di Jakarta, Senin–Jumat 09.00–17.00, dan sebutkan nomor tagihan ini.',
        },
      },
    ],
  },
];
