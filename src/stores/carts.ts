import { persistentAtom } from '@nanostores/persistent';
import type { ReadableAtom } from 'nanostores';
import { announceCartsChanged } from './cart-events';
import {
  type AppointmentCart,
  type AppointmentCartInput,
  type DonationCart,
  type DonationCartInput,
  parseAppointmentCart,
  parseDonationCart,
} from './cart-shapes';

// The two carts of SPEC.md §4, kept in localStorage as `donation_cart` and `appointment_cart`.
// Only one cart exists at a time: setting either first clears both, then stores the new one.
// What comes back from storage is checked (./cart-shapes: by hand, to keep the booking islands
// inside their JavaScript budget); anything malformed (an older shape, a tampered value, broken
// JSON) is dropped instead of crashing the page.
//
// Hydration: these stores read localStorage as soon as they load in the browser, while the server
// always sees null. Islands that render cart contents must read them after mount (or be
// `client:only`), never during the first render. Browser-only: on the server the persistent
// engine is a plain object shared by every request, so server code must not write carts.

export const DONATION_CART_KEY = 'donation_cart';
export const APPOINTMENT_CART_KEY = 'appointment_cart';

export {
  type AppointmentCart,
  type AppointmentCartInput,
  type CustomerDetails,
  DONATION_TYPES,
  type DonationCart,
  type DonationCartInput,
  type DonationCartLine,
  type DonationCartLineInput,
  type DonationType,
  type DonorDetails,
  MAX_DONATION_CART_LINES,
} from './cart-shapes';

/** JSON in storage, validated on the way out; anything unreadable becomes null. */
function jsonCodec<T>(parse: (value: unknown) => T | null) {
  return {
    encode: (value: T | null): string | undefined => (value === null ? undefined : JSON.stringify(value)),
    decode: (raw: string): T | null => {
      try {
        return parse(JSON.parse(raw));
      } catch {
        return null;
      }
    },
  };
}

// Both are recovered from storage when this module loads (and again whenever a store gets its
// first subscriber, and on `storage` events from other tabs).
const donationCart = persistentAtom<DonationCart | null>(DONATION_CART_KEY, null, jsonCodec(parseDonationCart));
const appointmentCart = persistentAtom<AppointmentCart | null>(
  APPOINTMENT_CART_KEY,
  null,
  jsonCodec(parseAppointmentCart),
);

// The header's cart indicator follows this tab's changes through a window event (./cart-events).
donationCart.listen(announceCartsChanged);

/** Read-only outside this module: writes go through the actions below, which keep one cart at a time. */
export const $donationCart: ReadableAtom<DonationCart | null> = donationCart;
export const $appointmentCart: ReadableAtom<AppointmentCart | null> = appointmentCart;

/** Removes both carts from memory and storage. */
export function removeAllCarts(): void {
  donationCart.set(null);
  appointmentCart.set(null);
}

/**
 * Replaces whatever cart exists with a donation cart. Throws on an invalid cart: that is a bug
 * in the caller, not visitor input.
 */
export function setDonationCart(cart: DonationCartInput): DonationCart {
  const valid = parseDonationCart(cart);
  if (!valid) throw new TypeError('invalid donation cart');
  removeAllCarts();
  donationCart.set(valid);
  return valid;
}

/** Replaces whatever cart exists with an appointment cart. */
export function setAppointmentCart(cart: AppointmentCartInput): AppointmentCart {
  const valid = parseAppointmentCart(cart);
  if (!valid) throw new TypeError('invalid appointment cart');
  removeAllCarts();
  appointmentCart.set(valid);
  return valid;
}

/**
 * Merges partial data into the appointment cart (e.g. the chosen slot, then the customer's
 * details). Nested `customer` and `answers` merge too, so one step does not wipe another's.
 * Like any set, it clears the donation cart.
 */
export function mergeAppointmentCart(partial: AppointmentCartInput): AppointmentCart {
  const current = $appointmentCart.get() ?? {};
  const next = { ...current, ...partial };
  if (current.customer || partial.customer) next.customer = { ...current.customer, ...partial.customer };
  if (current.answers || partial.answers) next.answers = { ...current.answers, ...partial.answers };
  return setAppointmentCart(next);
}

/**
 * Drops a stored cart that failed validation, so junk does not linger in storage. Runs once at
 * start-up in the browser; the stores themselves already read it as null.
 */
function dropMalformed(): void {
  const storage = safeLocalStorage();
  if (!storage) return;
  for (const [key, store] of [
    [DONATION_CART_KEY, donationCart],
    [APPOINTMENT_CART_KEY, appointmentCart],
  ] as const) {
    try {
      if (storage.getItem(key) !== null && store.get() === null) storage.removeItem(key);
    } catch {
      // storage unavailable: nothing to clean
    }
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage blocked by privacy settings
  }
}

dropMalformed();
