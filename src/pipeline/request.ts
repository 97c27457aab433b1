import { defineMiddleware } from 'astro:middleware';
import { startApp } from '#app.server';
import { env } from '#server/config.server.ts';
import { database } from '#server/database.server.ts';
import { effectiveRequest } from '#server/forwarded.ts';
import { missingAsset } from '#server/request-guard.ts';
import { startPass } from './state';

/** The socket's peer address; Astro throws where it has none (prerendering). */
export function clientAddressOf(context: { clientAddress: string }): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}

/**
 * The request as the browser made it: its origin and address (X-Forwarded-* behind TRUST_PROXY
 * proxies), and the database handle on `locals.db`, opened once for the request.
 */
export const requestStep = defineMiddleware(async (context, next) => {
  const { request, url, locals } = context;
  // Built files are served before the app: one that reaches it is missing (a stale chunk).
  if (url.pathname.startsWith('/_astro/')) return missingAsset();
  const peer = clientAddressOf(context);
  const effective = effectiveRequest({
    url,
    headers: request.headers,
    clientAddress: peer,
    trustProxy: env().TRUST_PROXY,
  });
  locals.origin = effective.origin;
  locals.clientIp = effective.clientIp;
  const app = await database();
  startApp(app);
  locals.db = app.db;
  startPass(locals, { host: request.headers.get('host') ?? '', secure: effective.secure, peer });
  return next();
});
