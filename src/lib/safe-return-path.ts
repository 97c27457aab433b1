/**
 * A return path we may redirect to: same-site paths only ("/x?y"), never "//evil", "/\evil",
 * "https://evil" or anything with control characters. Anything else becomes `fallback`.
 */
export function safeReturnPath(candidate: string | null | undefined, fallback = '/'): string {
  if (!candidate || candidate.length > 2048) return fallback;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  try {
    const url = new URL(candidate, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
