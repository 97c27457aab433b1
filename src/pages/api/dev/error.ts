import type { APIRoute } from 'astro';
import { HttpError } from '#lib/http-error.ts';

// Developer endpoint (SHOW_DEV_PAGES=1) that throws, so browser tests can check that endpoint
// errors answer JSON: ?status=409&message=… throws an HttpError; ?crash=1 throws a plain Error.
export const GET: APIRoute = (context) => {
  const { url } = context;
  if (url.searchParams.has('crash')) throw new Error('internal detail: connection to 10.0.0.5 refused');
  throw new HttpError(Number(url.searchParams.get('status') ?? 500), url.searchParams.get('message') ?? undefined);
};
