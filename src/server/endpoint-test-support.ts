// Calls an endpoint's handler the way the pipeline does, for endpoint tests.
import type { APIContext, APIRoute } from 'astro';
import type { Db } from '#db/client.server.ts';
import type { Locale } from '#i18n/locales.ts';
import { translator } from '#i18n/t.ts';

/** `GET`s `url` through `handler`, with the database and a translator in `locale` on locals; answers the status and JSON body. */
export async function callJsonEndpoint(handler: APIRoute, url: URL, db: Db | undefined, locale: Locale = 'en') {
  const response = await handler({
    url,
    request: new Request(url),
    // The pipeline puts the database on locals.
    locals: { t: translator(locale), db },
  } as unknown as APIContext);
  return { status: response.status, body: await response.json() };
}
