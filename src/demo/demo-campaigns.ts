import type { LocalizedText } from '#i18n/locales.ts';
import { PEDULI_CAMPAIGNS } from './demo-campaigns-peduli';
import { YAYASAN_CAMPAIGNS } from './demo-campaigns-yayasan';

/** A demo campaign: realistic causes of a Malaysian or Indonesian foundation, in three languages. */
export interface DemoCampaign {
  key: string;
  title: LocalizedText;
  summary: LocalizedText;
  story: LocalizedText;
  category: string;
  /** Major units. */
  goal: number | null;
  suggested: number[];
  min: number;
  weekly: number[];
  monthly: number[];
  featured: boolean;
  /** Days from seeding: negative = in the past. */
  startsIn: number;
  endsIn: number | null;
  eventIn?: number;
  ended?: boolean;
  permit?: { number: string; validDays: number };
  /** How many paid gifts the history has, and the usual gift (major units). */
  gifts: number;
  typical: number;
  /** Picture colours and motif. */
  colours: [string, string];
  motif: 'heart' | 'drop' | 'book' | 'house' | 'moon' | 'hands';
}

export const DEMO_CAMPAIGNS: Record<string, DemoCampaign[]> = {
  yayasan: YAYASAN_CAMPAIGNS,
  peduli: PEDULI_CAMPAIGNS,
};

export const DEMO_DONORS: Record<string, string[]> = {
  yayasan: [
    'Ahmad Faizal bin Ismail',
    'Nur Aisyah Kamarudin',
    'Lim Wei Ling',
    'Muhammad Haziq Rosli',
    'Siti Nurhaliza Abdullah',
    'Rajesh Kumar',
    'Tan Mei Chen',
    'Farah Hanim Zulkifli',
    'Azman Hashim',
    'Nurul Izzah Yusof',
    'Hafizah Othman',
    'Khairul Anuar',
    'Zainab Mohd Noor',
    'Wong Kar Mun',
    'Aiman Danial',
    'Puan Rohana Salleh',
    'Dr. Shahrul Nizam',
    'Kavitha Subramaniam',
  ],
  peduli: [
    'Budi Santoso',
    'Siti Rahayu',
    'Andi Pratama',
    'Dewi Lestari',
    'Rizky Ramadhan',
    'Putri Ayu Wulandari',
    'Agus Setiawan',
    'Nur Hidayah',
    'Fajar Nugroho',
    'Intan Permatasari',
    'Hendra Wijaya',
    'Ratna Kusuma',
    'Yusuf Maulana',
    'Sri Mulyani',
    'Dimas Saputra',
    'Keluarga Bapak Harun',
    'Wahyu Hidayat',
  ],
};

export const DEMO_MESSAGES: LocalizedText[] = [
  { en: 'May it ease their burden.', ms: 'Semoga meringankan beban mereka.', id: 'Semoga meringankan beban mereka.' },
  { en: 'For my late mother.', ms: 'Untuk arwah ibu saya.', id: 'Untuk almarhumah ibu saya.' },
  { en: 'Keep up the good work!', ms: 'Teruskan usaha murni ini!', id: 'Terus semangat!' },
];
