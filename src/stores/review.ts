import { atom } from 'nanostores';

/** The star rating picked on a review page: 0 (none yet) to 5. */
export const $selectedStar = atom<number>(0);

export const MAX_STARS = 5;

/** Sets the rating, clamped to a whole number from 0 to 5; anything else counts as 0. */
export function selectStar(star: number): void {
  $selectedStar.set(Number.isFinite(star) ? Math.min(MAX_STARS, Math.max(0, Math.round(star))) : 0);
}
