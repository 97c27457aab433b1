/** Paths that are not pages: no locale redirect, no rewrite. */
export function isNonPagePath(path: string): boolean {
  return (
    path.startsWith('/api/') ||
    path.startsWith('/_') ||
    path === '/domain_verifications' ||
    path.startsWith('/locale/') ||
    /\.[a-z0-9]+$/i.test(path)
  );
}

/** Endpoints that answer JSON, errors included. */
export function isApiPath(path: string): boolean {
  return path.startsWith('/api/') || path === '/domain_verifications';
}

export function redirectTo(location: string): Response {
  return new Response(null, {
    status: 302,
    headers: { Location: location, Vary: 'Cookie, Accept-Language', 'Cache-Control': 'private, no-store' },
  });
}
