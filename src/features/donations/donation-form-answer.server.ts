// loadDonationFormPage as the four donation-form pages answer it: the 404 page in the visitor's
// language, the 303 after an accepted post, or the form to render (its status set on the page's
// response). A page returns the Response, else renders what this gives.
import { localePath } from '#i18n/routing.ts';
import {
  type DonationFormPage,
  type DonationPageLocals,
  type DonationPageOptions,
  loadDonationFormPage,
} from './donation-form-page.server';

/** What a donation-form page reads of `Astro` (so the helper needs no Astro). */
export interface DonationFormAstro {
  locals: DonationPageLocals;
  request: Request;
  response: { status?: number | undefined };
  redirect(path: string, status: 303): Response;
  rewrite(path: string): Promise<Response>;
}

export async function answerDonationFormPage(
  astro: DonationFormAstro,
  options: DonationPageOptions,
): Promise<Response | Extract<DonationFormPage, { kind: 'form' }>> {
  const page = await loadDonationFormPage(astro.locals, astro.request, options);
  if (page.kind === 'not-found') return astro.rewrite(localePath(astro.locals.locale, '/404'));
  if (page.kind === 'redirect') return astro.redirect(page.location, 303);
  astro.response.status = page.status;
  return page;
}
