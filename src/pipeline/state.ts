import type { Tenant } from '#features/tenants/index.ts';
import type { Locale } from '#i18n/locales.ts';
import type { ResolvedLocale } from '#i18n/routing.ts';

/**
 * What one pass of the pipeline has decided so far, handed from step to step. A page's
 * `Astro.rewrite` (its 404) runs the pipeline again with the same `locals`: each pass starts a
 * fresh state, and a step that reads it after `next()` keeps the reference it took before.
 */
export interface PassState {
  host: string;
  /** The browser came over https (X-Forwarded-Proto behind TRUST_PROXY proxies). */
  secure: boolean;
  /** The socket's peer address, for the developer aids (never X-Forwarded-For). */
  peer: string | undefined;
  tenant: Tenant | null;
  fallback: Locale;
  resolved: ResolvedLocale;
  /** A page (not an endpoint or a file): gets the locale redirect and the error pages. */
  page: boolean;
  /** This pass is a rewrite of the request (a page's 404): the language is already decided. */
  rewrite: boolean;
  /** The access step's verdict for a page the visitor may not see: rendered after the redirects. */
  verdict: 'forbidden' | 'not-found' | null;
  /** The language the locale cookie now remembers, if this response sets it. */
  remember: Locale | null;
}

const STATE = Symbol('serambi.pipeline');

type Holder = { [STATE]?: Partial<PassState> };

/** Starts this pass's state (the request step). */
export function startPass(locals: App.Locals, first: Pick<PassState, 'host' | 'secure' | 'peer'>): void {
  (locals as Holder)[STATE] = { ...first, tenant: null, verdict: null, remember: null };
}

/** Adds what a step decided. */
export function decide(locals: App.Locals, decided: Partial<PassState>): void {
  Object.assign(pass(locals), decided);
}

/** This pass's state; each step runs after the ones that fill what it reads. */
export function pass(locals: App.Locals): PassState {
  const state = (locals as Holder)[STATE];
  if (!state) throw new Error('the pipeline state is read before the request step started it');
  return state as PassState;
}
