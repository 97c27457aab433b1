import { describe, expect, it } from 'vitest';
import { crossesTrackingBoundary, isTracked } from './tracking-boundary';

/** A document stand-in with or without the shell's tracking marker. */
const doc = (tracked: boolean) => ({
  querySelector: (selector: string) =>
    tracked && selector === 'meta[name="serambi:tracking"]' ? ({} as Element) : null,
});

describe('tracking boundary', () => {
  it('reads the marker the shell renders on tracked pages', () => {
    expect(isTracked(doc(true))).toBe(true);
    expect(isTracked(doc(false))).toBe(false);
  });
  it('asks for a full load from a tracked page to an untracked one', () => {
    expect(crossesTrackingBoundary(doc(true), doc(false))).toBe(true);
    expect(crossesTrackingBoundary(doc(false), doc(true))).toBe(false);
    expect(crossesTrackingBoundary(doc(true), doc(true))).toBe(false);
    expect(crossesTrackingBoundary(doc(false), doc(false))).toBe(false);
  });
});
