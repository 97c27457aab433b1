const BASE = 'http://same.invalid';

/** A path the browser reads as another host: "//evil", "/\evil" (and any run of those slashes). */
function leavesSite(path: string): boolean {
  return /^[/\\]{2}/.test(path);
}

/**
 * A return path we may redirect to: same-site paths only ("/x?y"), never "//evil", "/\evil",
 * "https://evil" or anything with control characters. Anything else becomes `fallback`.
 *
 * The check is made on the OUTPUT, after the URL parser has resolved dot-segments: "/..//evil",
 * "/.//evil" and "/%2e%2e//evil" all normalise to "//evil", which a browser reads as another
 * host. Leading slashes of the normalised path are collapsed to one, and the result is checked
 * again, so whatever is returned is a path on this site.
 */
export function safeReturnPath(candidate: string | null | undefined, fallback = '/'): string {
  if (!candidate || candidate.length > 2048) return fallback;
  if (!candidate.startsWith('/') || leavesSite(candidate)) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `/${url.pathname.replace(/^[/\\]+/, '')}${url.search}${url.hash}`;
  return isSamePath(path) ? path : fallback;
}

/** The final guard: a path that, resolved against this site, stays on it and means itself. */
function isSamePath(path: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (!path.startsWith('/') || leavesSite(path) || /[\u0000-\u001f\u007f\\]/.test(path)) return false;
  try {
    const again = new URL(path, BASE);
    return again.origin === BASE && `${again.pathname}${again.search}${again.hash}` === path;
  } catch {
    return false;
  }
}
