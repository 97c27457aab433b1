import { errorFields, log } from '#lib/logger.server.ts';

/**
 * The app's side of a graceful stop (scripts/serve.mjs on SIGTERM/SIGINT). The front door stops
 * accepting connections, then:
 *   1. `drain`: ends what would never finish on its own (realtime event streams), so the requests
 *      in flight can complete; browsers reconnect to another instance (or this one, restarted);
 *   2. waits for the requests in flight, up to its deadline;
 *   3. `stop`: stops the background work and closes what holds the database, last opened first:
 *      job workers (pg-boss, which lets a running job finish), the outbox worker, LISTEN
 *      connections, then the database itself (PGlite writes its files and releases DATA_DIR).
 * Each part registers itself where it starts. The front door reaches these through a global
 * (it loads the build, not these modules); nothing is registered until the first request opened
 * the database, and then there is nothing to stop.
 */

type Step = { name: string; run: () => unknown };

const drainSteps: Step[] = [];
const stopSteps: Step[] = [];
let stopping: Promise<void> | undefined;

/** Something to end as soon as the stop begins (before waiting for the requests in flight). */
export function onDrain(name: string, run: () => unknown): void {
  drainSteps.push({ name, run });
}

/** Something to stop or close once the requests are done; run in the reverse order of registration. */
export function onStop(name: string, run: () => unknown): void {
  stopSteps.push({ name, run });
}

async function runStep(step: Step): Promise<void> {
  try {
    await step.run();
  } catch (error) {
    log.error(`stop: ${step.name} failed`, errorFields(error));
  }
}

/** Step 1: ends the streams that would hold the stop. */
export async function drainApp(): Promise<void> {
  for (const step of drainSteps.splice(0)) await runStep(step);
}

/** Step 3: stops the workers and closes the database (once; later calls wait for the first). */
export function stopApp(): Promise<void> {
  stopping ??= (async () => {
    await drainApp();
    for (const step of stopSteps.splice(0).reverse()) {
      await runStep(step);
      log.info(`stop: ${step.name} stopped`);
    }
  })();
  return stopping;
}

/** How scripts/serve.mjs finds the app's stop (the build bundles this module). */
export const LIFECYCLE_KEY = Symbol.for('serambi.lifecycle');
(globalThis as Record<symbol, unknown>)[LIFECYCLE_KEY] = { drain: drainApp, stop: stopApp };
