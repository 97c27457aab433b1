// The phone country a browser's time zone suggests, for a field that guesses it after mount
// (PhoneInput). The whole zone table (time-zones.ts, ~4.5 KB gzip) is loaded only for a zone
// outside the region this product serves: the visitors of /login, the booking and the account
// pages (SPEC.md §9: Malaysia, Indonesia and their neighbours) never download it (issue 25).
import { DEFAULT_COUNTRY_ISO } from './countries';

/** The region's zones, current and legacy names as browsers report them. */
const REGION_ZONES: Readonly<Record<string, string>> = {
  'Asia/Kuala_Lumpur': 'MY',
  'Asia/Kuching': 'MY',
  'Asia/Jakarta': 'ID',
  'Asia/Pontianak': 'ID',
  'Asia/Makassar': 'ID',
  'Asia/Ujung_Pandang': 'ID',
  'Asia/Jayapura': 'ID',
  'Asia/Singapore': 'SG',
  Singapore: 'SG',
  'Asia/Brunei': 'BN',
  'Asia/Bangkok': 'TH',
  'Asia/Manila': 'PH',
};

/** The country of one of the region's zones, without the table; undefined for any other. */
export function regionCountry(timeZone: string | undefined): string | undefined {
  return timeZone ? REGION_ZONES[timeZone.trim()] : undefined;
}

/**
 * The country of any zone, as `countryFromTimeZone` (time-zones.ts) answers it — a country of the
 * phone list, else Malaysia — loading the zone table only when the zone is not the region's.
 */
export async function countryOfZone(timeZone: string | undefined): Promise<string> {
  const near = regionCountry(timeZone);
  if (near) return near;
  if (!timeZone) return DEFAULT_COUNTRY_ISO;
  return (await import('./time-zones')).countryFromTimeZone(timeZone);
}
