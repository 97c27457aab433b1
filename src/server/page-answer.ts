/**
 * How a page file answers what its feature's head decided (donation forms, rewards, review pages):
 * the 404 page in the visitor's language, the 303 after an accepted post, or what to render, with
 * the page's status set. Generic over the feature's answer (server/ imports no feature).
 */
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';

/** What a page head reads of `Astro` (so the features need no Astro). */
export interface PageAstro<L extends { locale: Locale }> {
  locals: L;
  request: Request;
  url: URL;
  response: { status?: number | undefined };
  redirect(path: string, status: 303): Response;
  rewrite(path: string): Promise<Response>;
}

type Decided = { kind: 'not-found' } | { kind: 'redirect'; location: string } | { kind: string; status: number };
type Shown<A> = Exclude<A, { kind: 'not-found' } | { kind: 'redirect' }>;

export function pageResponse<A extends Decided>(
  astro: Pick<PageAstro<{ locale: Locale }>, 'locals' | 'response' | 'redirect' | 'rewrite'>,
  answer: A,
): Response | Promise<Response> | Shown<A> {
  if (answer.kind === 'not-found') return astro.rewrite(localePath(astro.locals.locale, '/404'));
  if (answer.kind === 'redirect' && 'location' in answer) return astro.redirect(answer.location, 303);
  astro.response.status = (answer as Shown<A> & { status: number }).status;
  return answer as Shown<A>;
}
