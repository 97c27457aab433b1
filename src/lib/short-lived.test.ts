import { describe, expect, it } from 'vitest';
import { shortLived } from './short-lived';

function clock(start = 1_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('shortLived', () => {
  it('shares one load among asks at the same time and while fresh, then loads again', async () => {
    const time = clock();
    const memo = shortLived<number>(1_000, { now: time.now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([memo.get('a', load), memo.get('a', load), memo.get('a', load)])).toEqual([1, 1, 1]);
    time.advance(999);
    expect(await memo.get('a', load)).toBe(1);
    expect(await memo.get('b', load)).toBe(2);
    time.advance(1);
    expect(await memo.get('a', load)).toBe(3);
  });

  it('does not keep a failed load, and put/forget replace what is kept', async () => {
    const memo = shortLived<number>(1_000);
    await expect(memo.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('a', async () => 7)).toBe(7);
    memo.put('a', 8);
    expect(await memo.get('a', async () => 9)).toBe(8);
    memo.forget('a');
    expect(await memo.get('a', async () => 10)).toBe(10);
  });

  it('stays within maxKeys, the oldest key going first', async () => {
    const memo = shortLived<string>(60_000, { maxKeys: 2 });
    await memo.get('a', async () => 'a1');
    await memo.get('b', async () => 'b1');
    await memo.get('c', async () => 'c1');
    expect(await memo.get('b', async () => 'b2')).toBe('b1');
    expect(await memo.get('a', async () => 'a2')).toBe('a2');
  });
});
