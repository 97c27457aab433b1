import { describe, expect, it } from 'vitest';
import type { Db } from '#db/client.server.ts';
import { EventBus } from '.';

// A test-only event, declared the way features declare theirs.
declare module '.' {
  interface ServerEvents {
    'test.happened': { n: number };
  }
}

const tx = {} as Db;

describe('EventBus', () => {
  it('refuses to emit before the app registered its handlers', async () => {
    const bus = new EventBus();
    bus.on('test.happened', 'recorder', async () => {});
    await expect(bus.emit(tx, 'test.happened', { n: 1 })).rejects.toThrow('before the app registered its handlers');
  });

  it('runs handlers in registration order and returns their after-commit work', async () => {
    const bus = new EventBus();
    const seen: string[] = [];
    bus.on('test.happened', 'first', async (_tx, event) => {
      seen.push(`first ${event.n}`);
      return async () => {
        seen.push('after first');
      };
    });
    bus.on('test.happened', 'second', async (_tx, event) => {
      seen.push(`second ${event.n}`);
    });
    bus.markComposed();
    const after = await bus.emit(tx, 'test.happened', { n: 7 });
    expect(seen).toEqual(['first 7', 'second 7']);
    expect(after).toHaveLength(1);
    await after[0]?.();
    expect(seen.at(-1)).toBe('after first');
  });

  it('replaces a handler registered again under its name instead of running it twice', async () => {
    const bus = new EventBus();
    let count = 0;
    bus.on('test.happened', 'counter', async () => {
      count += 1;
    });
    bus.on('test.happened', 'counter', async () => {
      count += 10;
    });
    bus.markComposed();
    await bus.emit(tx, 'test.happened', { n: 1 });
    expect(count).toBe(10);
    expect(bus.handlerNames('test.happened')).toEqual(['counter']);
  });

  it('lets a failing handler fail the emitter (its transaction rolls back)', async () => {
    const bus = new EventBus();
    bus.on('test.happened', 'broken', async () => {
      throw new Error('effect failed');
    });
    bus.markComposed();
    await expect(bus.emit(tx, 'test.happened', { n: 1 })).rejects.toThrow('effect failed');
  });
});
