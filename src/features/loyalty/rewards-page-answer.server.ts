// answerRewardsPage as its two page files (`/loyalty/rewards`, `/loyalty/{id}/rewards`) answer it:
// the 404 page in the visitor's language, the 303, or the page to render with its status set.
import { localePath } from '#i18n/routing.ts';
import { answerRewardsPage, type RewardsPageAnswer } from './rewards-page.server';

/** What a rewards page reads of `Astro` (so the helper needs no Astro). */
export interface RewardsPageAstro {
  locals: Parameters<typeof answerRewardsPage>[0];
  request: Request;
  url: URL;
  response: { status?: number | undefined };
  redirect(path: string, status: 303): Response;
  rewrite(path: string): Promise<Response>;
}

export async function rewardsPageFor(
  astro: RewardsPageAstro,
  programmePublicId: string | null,
): Promise<Response | Extract<RewardsPageAnswer, { kind: 'page' }>> {
  const answer = await answerRewardsPage(astro.locals, astro.request, astro.url, programmePublicId);
  if (answer.kind === 'not-found') return astro.rewrite(localePath(astro.locals.locale, '/404'));
  if (answer.kind === 'redirect') return astro.redirect(answer.location, 303);
  astro.response.status = answer.status;
  return answer;
}
