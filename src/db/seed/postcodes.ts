import { allPostcodes } from 'malaysia-postcodes';

export interface PostcodeRow {
  postcode: string;
  city: string;
  state: string;
  country: string;
}

/** The package writes federal territories as "Wp Kuala Lumpur"; people write "W.P. Kuala Lumpur". */
export function tidyStateName(name: string): string {
  return name.replace(/^Wp\s+/i, 'W.P. ').trim();
}

/** Every Malaysian postcode with its city and state, from the malaysia-postcodes package. */
export function malaysianPostcodes(): PostcodeRow[] {
  const rows = new Map<string, PostcodeRow>();
  for (const state of allPostcodes) {
    for (const city of state.city) {
      for (const postcode of city.postcode) {
        const row = { postcode, city: city.name.trim(), state: tidyStateName(state.name), country: 'Malaysia' };
        rows.set(`${row.postcode}|${row.city}`, row);
      }
    }
  }
  return [...rows.values()];
}
