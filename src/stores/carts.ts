import { persistentAtom } from '@nanostores/persistent';
import type { ReadableAtom } from 'nanostores';
import { z } from 'zod/mini';

// The two carts of SPEC.md §4, kept in localStorage as `donation_cart` and `appointment_cart`.
// Only one cart exists at a time: setting either first clears both, then stores the new one.
// What comes back from storage is checked with zod (its tree-shakable `zod/mini` form, to keep
// the booking islands inside their JavaScript budget); anything malformed (an older shape, a
// tampered value, broken JSON) is dropped instead of crashing the page.
//
// Hydration: these stores read localStorage as soon as they load in the browser, while the server
// always sees null. Islands that render cart contents must read them after mount (or be
// `client:only`), never during the first render. Browser-only: on the server the persistent
// engine is a plain object shared by every request, so server code must not write carts.

export const DONATION_CART_KEY = 'donation_cart';
export const APPOINTMENT_CART_KEY = 'appointment_cart';

const id = z.pipe(
  z.union([z.string().check(z.minLength(1), z.maxLength(100)), z.int()]),
  z.transform((value: string | number) => String(value)),
);
const text = z.optional(z.string().check(z.maxLength(1000)));

export const DonorDetails = z.looseObject({
  name: text,
  email: text,
  phone: text,
  anonymous: z.optional(z.boolean()),
  message: text,
});
export type DonorDetails = z.infer<typeof DonorDetails>;

export const DONATION_TYPES = ['one-time', 'weekly', 'monthly'] as const;
export type DonationType = (typeof DONATION_TYPES)[number];

export const DonationCart = z.looseObject({
  campaignId: id,
  /** Integer minor units (sen for MYR), as money is everywhere (DESIGN.md §2). */
  amount: z.int().check(z.nonnegative()),
  type: z.enum(DONATION_TYPES),
  /** How many weeks or months a weekly/monthly donation runs; absent for one-time. */
  count: z.optional(z.int().check(z.positive(), z.maximum(1000))),
  coverFees: z._default(z.boolean(), false),
  donor: z.optional(DonorDetails),
});
export type DonationCart = z.infer<typeof DonationCart>;
export type DonationCartInput = z.input<typeof DonationCart>;

export const CustomerDetails = z.looseObject({
  name: text,
  email: text,
  phone: text,
});
export type CustomerDetails = z.infer<typeof CustomerDetails>;

export const AppointmentCart = z.looseObject({
  serviceId: z.optional(id),
  /** A practitioner or room, or 'any' when the visitor has no preference. */
  resourceId: z.optional(id),
  /** yyyy-MM-dd in the tenant's time zone. */
  date: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
  /** Start of the chosen slot, ISO 8601 with offset. */
  slotStart: z.optional(z.iso.datetime({ offset: true })),
  customer: z.optional(CustomerDetails),
  /** Answers to the service's form questions, by question id. */
  answers: z.optional(z.record(z.string(), z.unknown())),
});
export type AppointmentCart = z.infer<typeof AppointmentCart>;
export type AppointmentCartInput = z.input<typeof AppointmentCart>;

/** JSON in storage, validated on the way out; anything unreadable becomes null. */
function jsonCodec<T>(schema: z.ZodMiniType<T>) {
  return {
    encode: (value: T | null): string | undefined => (value === null ? undefined : JSON.stringify(value)),
    decode: (raw: string): T | null => {
      try {
        const parsed = schema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}

// Both are recovered from storage when this module loads (and again whenever a store gets its
// first subscriber, and on `storage` events from other tabs).
const donationCart = persistentAtom<DonationCart | null>(DONATION_CART_KEY, null, jsonCodec(DonationCart));
const appointmentCart = persistentAtom<AppointmentCart | null>(APPOINTMENT_CART_KEY, null, jsonCodec(AppointmentCart));

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
  const valid = DonationCart.parse(cart);
  removeAllCarts();
  donationCart.set(valid);
  return valid;
}

/** Replaces whatever cart exists with an appointment cart. */
export function setAppointmentCart(cart: AppointmentCartInput): AppointmentCart {
  const valid = AppointmentCart.parse(cart);
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
