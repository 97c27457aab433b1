// loadDonationFormPage as the four donation-form pages answer it (server/page-answer.ts): the 404
// page in the visitor's language, the 303 after an accepted post, or the form to render (its
// status set on the page's response). A page returns the Response, else renders what this gives.
import { type PageAstro, pageResponse } from '#server/page-answer.ts';
import { type DonationPageLocals, type DonationPageOptions, loadDonationFormPage } from './donation-form-page.server';

export async function answerDonationFormPage(
  astro: Omit<PageAstro<DonationPageLocals>, 'url'>,
  options: DonationPageOptions,
) {
  return pageResponse(astro, await loadDonationFormPage(astro.locals, astro.request, options));
}
