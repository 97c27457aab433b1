// For tests: what the logger wrote while some code ran.
import { logSink } from './logger.server.ts';

/** What the logger wrote while `run` ran, one line each; the sink is put back even when `run` throws. */
export async function logLines(run: () => Promise<void> | void): Promise<string[]> {
  const lines: string[] = [];
  const original = logSink.write;
  logSink.write = (_level, line) => {
    lines.push(line);
  };
  try {
    await run();
  } finally {
    logSink.write = original;
  }
  return lines;
}
