import type { AstroCookies } from 'astro';

/**
 * Session cookies: HttpOnly, SameSite=Lax, path /, and Secure when the browser reached us over
 * https — `origin` is the request's effective origin (`Astro.locals.origin`), which behind a
 * trusted proxy comes from X-Forwarded-Proto, not from the proxy's plain-http connection.
 */
export function setSessionCookie(
  cookies: Pick<AstroCookies, 'set'>,
  name: string,
  token: string,
  expiresAt: Date,
  origin: string,
): void {
  cookies.set(name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: origin.startsWith('https:'),
    expires: expiresAt,
  });
}

export function clearSessionCookie(cookies: AstroCookies, name: string): void {
  cookies.delete(name, { path: '/' });
}
