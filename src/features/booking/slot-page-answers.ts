// The two answers the slot page reads (the availability feed, a reschedule), checked by hand with
// zod's `safeParse` shape for apiCall: zod/mini's shared code is ~6 KB gzip, and this page carries
// the date picker within its 60 KB budget (DESIGN.md §8) — as the carts are (cart-shapes.ts).
// The endpoints type their answers with these; availability-feed.test.ts checks real feeds pass.
import type { ResponseSchema } from '#lib/api-client.ts';
import type { AvailabilityFeed, FeedDay } from './availability-feed';

export type AvailabilityResponse = AvailabilityFeed;
export interface RescheduledResponse {
  status: string;
  path: string;
}

const STATUSES = new Set<string>(['available', 'full', 'closed', 'blocked'] satisfies FeedDay['status'][]);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumbers = (value: unknown): boolean => Array.isArray(value) && value.every((n) => typeof n === 'number');
const isStrings = (value: unknown): boolean => Array.isArray(value) && value.every((s) => typeof s === 'string');

function isDay(value: unknown): boolean {
  if (!isRecord(value) || typeof value.date !== 'string' || !STATUSES.has(String(value.status))) return false;
  return value.free === undefined || (Array.isArray(value.free) && value.free.every(isNumbers));
}

function checked<T>(test: (value: unknown) => boolean): ResponseSchema<T> {
  return { safeParse: (data) => (test(data) ? { success: true, data: data as T } : { success: false }) };
}

/** `GET /api/appointments/{serviceId}/availability`: the compact feed (availability-feed.ts). */
export const AvailabilityResponse = checked<AvailabilityResponse>(
  (value) =>
    isRecord(value) &&
    typeof value.step === 'number' &&
    typeof value.duration === 'number' &&
    isStrings(value.resources) &&
    Array.isArray(value.days) &&
    value.days.every(isDay),
);

/** `POST /api/bookings/{publicId}/reschedule`: the booking's page, in the visitor's language. */
export const RescheduledResponse = checked<RescheduledResponse>(
  (value) => isRecord(value) && typeof value.status === 'string' && typeof value.path === 'string',
);
