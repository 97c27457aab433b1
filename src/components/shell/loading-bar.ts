/** SPEC.md §9: the bar appears only after 200 ms, and creeps towards 100% over 5 s. */
export const LOADING_THROTTLE_MS = 200;
export const LOADING_DURATION_MS = 5000;

export type LoadingState = 'idle' | 'waiting' | 'loading' | 'done' | 'failed';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The page loading indicator as a small state machine, free of the DOM so it can be tested:
 * `render` receives the state and the progress (0–100) the bar should show.
 */
export class LoadingBar {
  state: LoadingState = 'idle';
  progress = 0;
  private throttle: unknown;

  constructor(
    private readonly render: (state: LoadingState, progress: number) => void,
    private readonly timers: Timers = globalThis as unknown as Timers,
  ) {}

  start(): void {
    this.timers.clearTimeout(this.throttle);
    this.state = 'waiting';
    this.progress = 0;
    this.throttle = this.timers.setTimeout(() => {
      if (this.state !== 'waiting') return;
      this.state = 'loading';
      // The view animates towards 100% over LOADING_DURATION_MS; it never claims done by itself.
      this.render('loading', 0);
    }, LOADING_THROTTLE_MS);
  }

  finish(): void {
    this.timers.clearTimeout(this.throttle);
    const shown = this.state === 'loading';
    this.state = 'done';
    this.progress = 100;
    // A fast navigation never showed the bar: nothing to complete.
    if (shown) this.render('done', 100);
    else this.render('idle', 0);
  }

  fail(): void {
    this.timers.clearTimeout(this.throttle);
    this.state = 'failed';
    this.progress = 100;
    this.render('failed', 100);
  }
}

/** Thrown by the shell's navigation loader when the next page could not be reached. */
export class NavigationFailed extends Error {
  override name = 'NavigationFailed';
}

/**
 * Astro's loader gives up without a page both when the fetch fails (network down, request
 * aborted) and when the link leads to something that is not a page (a file, another site); it
 * then falls back to a full load either way. Only the first is a failure: probe the URL once to
 * tell them apart (any answer, even an error status, means it is reachable).
 */
export async function isUnreachable(url: URL, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    await fetcher(url, { method: 'HEAD', cache: 'no-store' });
    return false;
  } catch {
    return true;
  }
}
