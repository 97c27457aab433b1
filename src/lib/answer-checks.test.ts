import { describe, expect, expectTypeOf, it } from 'vitest';
import { answer, arrayOf, isNumber, isString, nullable, oneOf, optional, type ShapeOf, shape } from './answer-checks';

const fields = {
  id: isString,
  count: isNumber,
  kind: oneOf('a', 'b'),
  note: optional(isString),
  at: nullable(isString),
};
const check = shape(fields);

describe('answer checks (the browser checks of JSON answers, without zod)', () => {
  it('passes an answer of the shape, with extra fields and an optional one left out', () => {
    expect(check({ id: 'x', count: 2, kind: 'a', at: null, extra: true })).toBe(true);
    expect(check({ id: 'x', count: 2, kind: 'b', note: 'n', at: '2026-11-28' })).toBe(true);
  });

  it('refuses every field of the wrong kind, a missing one, and what is no object', () => {
    const good = { id: 'x', count: 2, kind: 'a', at: null };
    for (const bad of [
      { ...good, id: 1 },
      { ...good, count: '2' },
      { ...good, count: Number.NaN },
      { ...good, kind: 'c' },
      { ...good, note: 3 },
      { ...good, at: undefined },
      { id: 'x', count: 2, kind: 'a' },
      null,
      [good],
      'x',
    ]) {
      expect(check(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('checks arrays item by item, and serves apiCall as a schema', () => {
    expect(arrayOf(isNumber)([1, 2])).toBe(true);
    expect(arrayOf(isNumber)([1, '2'])).toBe(false);
    const schema = answer(check);
    expect(schema.safeParse({ id: 'x', count: 1, kind: 'a', at: null })).toEqual({
      success: true,
      data: { id: 'x', count: 1, kind: 'a', at: null },
    });
    expect(schema.safeParse({})).toEqual({ success: false });
  });

  it('types a field that may be undefined as one that may be left out', () => {
    expectTypeOf<ShapeOf<typeof fields>>().toEqualTypeOf<
      { id: string; count: number; kind: 'a' | 'b'; at: string | null } & { note?: string | undefined }
    >();
  });
});
