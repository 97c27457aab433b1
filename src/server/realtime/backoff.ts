/** Exponential backoff with jitter: attempt 0 waits about `initialMs`, never more than `maxMs`. */
export function backoffDelay(attempt: number, initialMs: number, maxMs: number, random: () => number = Math.random) {
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  // Half fixed, half random: instances that lost the database together do not return together.
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
