import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appJobs, registerAppEffects } from './app.server';
import { EventBus } from './server/events';
import { JOB_NAME, type RecurringJob } from './server/jobs';

// The composition root must name every feature's effects and jobs: a feature that writes an
// effects.server.ts or jobs.server.ts and forgets to register it here fails these tests.
const featuresDir = path.join(import.meta.dirname, 'features');
const featureFiles = (file: string) =>
  readdirSync(featuresDir)
    .filter((feature) => readdirSync(path.join(featuresDir, feature)).includes(file))
    .map((feature) => `./features/${feature}/${file}`);

/** Every (event, handler) pair a bus holds. */
function pairs(bus: EventBus): string[] {
  return bus.eventNames().flatMap((event) => bus.handlerNames(event).map((handler) => `${event} → ${handler}`));
}

describe('the composition root', () => {
  it('registers every handler that every feature defines', async () => {
    const files = featureFiles('effects.server.ts');
    expect(files.length).toBeGreaterThan(0);
    const app = new EventBus();
    registerAppEffects(app);
    for (const file of files) {
      const module: Record<string, unknown> = await import(/* @vite-ignore */ file);
      const registers = Object.entries(module).filter(
        ([name, value]) => /^register\w*Effects$/.test(name) && typeof value === 'function',
      );
      expect(registers.length, `${file} exports a register…Effects function`).toBeGreaterThan(0);
      for (const [, register] of registers) {
        const own = new EventBus();
        (register as (bus: EventBus) => void)(own);
        expect(pairs(own).length, `${file} registers handlers`).toBeGreaterThan(0);
        expect(pairs(app), file).toEqual(expect.arrayContaining(pairs(own)));
      }
    }
  });

  it('schedules every job that every feature defines, each under a unique name', async () => {
    const files = featureFiles('jobs.server.ts');
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const module: Record<string, unknown> = await import(/* @vite-ignore */ file);
      const lists = Object.values(module).filter(Array.isArray) as RecurringJob[][];
      expect(lists.length, `${file} exports its jobs`).toBeGreaterThan(0);
      for (const job of lists.flat()) expect(appJobs, `${file}: ${job.name}`).toContain(job);
    }
    const names = appJobs.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(JOB_NAME);
  });
});
