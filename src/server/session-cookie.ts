import type { AstroCookies } from 'astro';

/** Session cookies: HttpOnly, SameSite=Lax, Secure when served over https, path /. */
export function setSessionCookie(cookies: AstroCookies, name: string, token: string, expiresAt: Date, url: URL): void {
  cookies.set(name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    expires: expiresAt,
  });
}

export function clearSessionCookie(cookies: AstroCookies, name: string): void {
  cookies.delete(name, { path: '/' });
}

/** The client's address for rate limits. */
export function clientIp(clientAddress: string | undefined): string {
  return clientAddress || 'unknown';
}
