// Checking an endpoint's JSON answer in the browser, by hand: the `safeParse` shape apiCall takes
// (src/lib/api-client.ts), without zod. zod/mini's shared code is ~10 KB gzip on every page with an
// island that used it (issue 25: /login); these few checks are a few hundred bytes. The endpoints
// type their answers with the same shapes (`satisfies`), so the two cannot drift apart.
import type { ResponseSchema } from './api-client';

/** A check of one value; its type is what the value is when the check passes. */
export type Check<T> = (value: unknown) => value is T;
type Checked<C> = C extends Check<infer T> ? T : never;
type Fields = Record<string, Check<unknown>>;

/** The object a shape of checks describes; a field whose check allows undefined may be left out. */
export type ShapeOf<S extends Fields> = {
  [K in keyof S as undefined extends Checked<S[K]> ? never : K]: Checked<S[K]>;
} & {
  [K in keyof S as undefined extends Checked<S[K]> ? K : never]?: Checked<S[K]>;
};

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const isString: Check<string> = (value): value is string => typeof value === 'string';
export const isNumber: Check<number> = (value): value is number => typeof value === 'number' && Number.isFinite(value);
export const isBoolean: Check<boolean> = (value): value is boolean => typeof value === 'boolean';

/** One of these strings. */
export const oneOf =
  <const V extends readonly string[]>(...values: V): Check<V[number]> =>
  (value): value is V[number] =>
    typeof value === 'string' && values.includes(value);
export const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (value): value is T | undefined =>
    value === undefined || check(value);
export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value): value is T | null =>
    value === null || check(value);
export const arrayOf =
  <T>(check: Check<T>): Check<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.every(check);

/** An object with these fields (others are allowed and ignored, as zod's object does). */
export const shape =
  <S extends Fields>(fields: S): Check<ShapeOf<S>> =>
  (value): value is ShapeOf<S> =>
    isRecord(value) && Object.entries(fields).every(([name, check]) => check(value[name]));

/** A check as apiCall's schema. */
export function answer<T>(check: Check<T>): ResponseSchema<T> {
  return { safeParse: (data) => (check(data) ? { success: true, data } : { success: false }) };
}
