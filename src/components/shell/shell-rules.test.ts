import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadOnce, shouldReload } from './chunk-reload';
import { isUnreachable, LOADING_DURATION_MS, LOADING_THROTTLE_MS, LoadingBar } from './loading-bar';
import { canPrefetch, PREFETCH_IDLE_TIMEOUT_MS } from './prefetch-policy';

describe('loading bar (SPEC.md §4, §9)', () => {
  it('uses the SPEC constants', () => {
    expect(LOADING_THROTTLE_MS).toBe(200);
    expect(LOADING_DURATION_MS).toBe(5000);
  });
  it('shows nothing for a navigation under 200 ms', () => {
    vi.useFakeTimers();
    const render = vi.fn();
    const bar = new LoadingBar(render, { setTimeout, clearTimeout });
    bar.start();
    vi.advanceTimersByTime(150);
    bar.finish();
    vi.advanceTimersByTime(500);
    expect(render.mock.calls.map((c) => c[0])).toEqual(['idle']);
    vi.useRealTimers();
  });
  it('shows after 200 ms and runs to 100% when done', () => {
    vi.useFakeTimers();
    const render = vi.fn();
    const bar = new LoadingBar(render, { setTimeout, clearTimeout });
    bar.start();
    vi.advanceTimersByTime(199);
    expect(render).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(render).toHaveBeenLastCalledWith('loading', 0);
    bar.finish();
    expect(render).toHaveBeenLastCalledWith('done', 100);
    vi.useRealTimers();
  });
  it('marks a failure as failed', () => {
    const render = vi.fn();
    const bar = new LoadingBar(render, { setTimeout: () => 0, clearTimeout: () => {} });
    bar.start();
    bar.fail();
    expect(bar.state).toBe('failed');
    expect(render).toHaveBeenLastCalledWith('failed', 100);
  });
});

describe('failed navigation', () => {
  const url = new URL('https://klinik.my/appointment');

  it('is a network failure only when the page cannot be reached at all', async () => {
    expect(await isUnreachable(url, vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))).toBe(true);
    expect(await isUnreachable(url, vi.fn().mockResolvedValue(new Response(null, { status: 503 })))).toBe(false);
    const probe = vi.fn().mockResolvedValue(new Response('%PDF'));
    expect(await isUnreachable(url, probe)).toBe(false);
    expect(probe).toHaveBeenCalledWith(url, { method: 'HEAD', cache: 'no-store' });
  });
});

describe('chunk reload guard', () => {
  it('reloads at most once per 60 seconds', () => {
    expect(shouldReload(100_000, null)).toBe(true);
    expect(shouldReload(100_000, 50_000)).toBe(false);
    expect(shouldReload(110_000, 50_000)).toBe(true);
  });
  it('remembers the reload in storage', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const reload = vi.fn();
    expect(reloadOnce(storage, reload, 1_000)).toBe(true);
    expect(reloadOnce(storage, reload, 30_000)).toBe(false);
    expect(reloadOnce(storage, reload, 61_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(store.get(CHUNK_RELOAD_KEY)).toBe('61000');
  });
  it('recognises failed dynamic imports only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_astro/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Network down'))).toBe(false);
  });
});

describe('prefetch policy', () => {
  it('prefetches on idle within 2000 ms, but never on 2g or data saver', () => {
    expect(PREFETCH_IDLE_TIMEOUT_MS).toBe(2000);
    expect(canPrefetch(undefined)).toBe(true);
    expect(canPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(canPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});
