// answerRewardsPage as its two page files (`/loyalty/rewards`, `/loyalty/{id}/rewards`) answer it
// (server/page-answer.ts): the 404 page in the visitor's language, the 303, or the page to render
// with its status set.
import { type PageAstro, pageResponse } from '#server/page-answer.ts';
import { answerRewardsPage } from './rewards-page.server';

export async function rewardsPageFor(
  astro: PageAstro<Parameters<typeof answerRewardsPage>[0]>,
  programmePublicId: string | null,
) {
  return pageResponse(astro, await answerRewardsPage(astro.locals, astro.request, astro.url, programmePublicId));
}
