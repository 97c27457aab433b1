import { atom } from 'nanostores';

/**
 * True while a checkout has just been started from a fresh cart (SPEC.md §3 "newCheckOut"), so
 * the checkout page creates a new invoice instead of resuming the previous one. Lives in memory
 * only: a reload resumes.
 */
export const $newCheckOut = atom<boolean>(false);

export function startNewCheckOut(): void {
  $newCheckOut.set(true);
}

export function finishNewCheckOut(): void {
  $newCheckOut.set(false);
}
