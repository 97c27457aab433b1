import type { Db } from '#db/client.server.ts';

/**
 * Every event of the app, by name. Empty here: each feature declares the events it emits where
 * it defines them (`declare module '…/server/events' { interface ServerEvents { 'invoice.paid': … } }`),
 * so server/ knows no feature and a misspelt name or payload is a type error.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the features through declaration merging
export interface ServerEvents {}

export type EventName = keyof ServerEvents;

/** Work that must wait until the transaction has committed (telling open pages, kicking the outbox). */
export type AfterCommit = () => Promise<void>;

// biome-ignore lint/suspicious/noConfusingVoidType: handlers with nothing to do after commit simply return nothing
export type EventHandler<E> = (tx: Db, event: E) => Promise<AfterCommit | void>;

/**
 * One typed bus for the app's domain events. Handlers run inside the emitter's transaction, so an
 * effect happens exactly when its cause commits (a failing handler rolls the cause back and the
 * next delivery retries it); a handler may return after-commit work, which never runs for a cause
 * that rolled back. Handlers are registered by name from the composition root (src/app.server.ts)
 * at start-up, never by importing a file for its side effects: emitting before the app was
 * composed is an error rather than a payment settled without its effects.
 */
export class EventBus {
  readonly #handlers = new Map<EventName, Map<string, EventHandler<never>>>();
  #composed = false;

  /** Registers (or, under the same name, replaces) a handler of one event. */
  on<K extends EventName>(event: K, name: string, handler: EventHandler<ServerEvents[K]>): void {
    const named = this.#handlers.get(event) ?? new Map<string, EventHandler<never>>();
    named.set(name, handler as EventHandler<never>);
    this.#handlers.set(event, named);
  }

  /** Marks registration done: from now on events may be emitted. */
  markComposed(): void {
    this.#composed = true;
  }

  get composed(): boolean {
    return this.#composed;
  }

  /** The events that have handlers. */
  eventNames(): EventName[] {
    return [...this.#handlers.keys()];
  }

  /** The names of the handlers of one event, in registration order (tests, start-up log). */
  handlerNames(event: EventName): string[] {
    return [...(this.#handlers.get(event)?.keys() ?? [])];
  }

  /** Runs every handler of the event in the caller's transaction; returns their after-commit work. */
  async emit<K extends EventName>(tx: Db, event: K, payload: ServerEvents[K]): Promise<AfterCommit[]> {
    if (!this.#composed) {
      throw new Error(`event ${String(event)} emitted before the app registered its handlers (composeApp)`);
    }
    const after: AfterCommit[] = [];
    for (const handler of this.#handlers.get(event)?.values() ?? []) {
      const next = await (handler as EventHandler<ServerEvents[K]>)(tx, payload);
      if (next) after.push(next);
    }
    return after;
  }
}

/** The process's bus: features emit on it; app.server.ts registers every handler on it. */
export const events = new EventBus();

/** Runs after-commit work, logging (never throwing) what fails: the cause is already committed. */
export async function runAfterCommit(work: AfterCommit[], onError: (error: unknown) => void): Promise<void> {
  for (const effect of work) {
    await effect().catch(onError);
  }
}
