/**
 * What a request really is when it passed through reverse proxies (load balancers, TLS
 * terminators): the protocol the browser used and the browser's address. Astro's Node adapter
 * ignores X-Forwarded-* unless `security.allowedDomains` lists every host at build time, which a
 * multi-tenant deployment cannot do; so the middleware computes this once per request.
 *
 * `trustProxy` is the number of proxies in front of the server that we trust (TRUST_PROXY). With
 * 0, forwarding headers are ignored (anyone could send them). With N, each proxy appends the
 * address it saw to X-Forwarded-For, so the client is the entry N from the right; entries further
 * left were written by the client itself and prove nothing.
 */
export interface ForwardedInput {
  /** The URL as Astro sees it (protocol of the socket, host from the Host header). */
  url: URL;
  headers: Headers;
  /** The socket's peer address (the nearest proxy when there is one). */
  clientAddress: string | undefined;
  trustProxy: number;
}

export interface EffectiveRequest {
  /** `https://klinik.example`: for absolute links and the cookie's Secure flag. */
  origin: string;
  secure: boolean;
  /** The browser's address, for per-IP rate limits. */
  clientIp: string;
}

/** The entry `hops` from the right of a comma-separated forwarding header (the leftmost if fewer). */
export function trustedEntry(header: string | null, hops: number): string | undefined {
  if (!header || hops < 1) return undefined;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - hops)];
}

/** An address as X-Forwarded-For may write it: strips a port and IPv6 brackets. */
function cleanAddress(value: string): string | undefined {
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d+)?$/i.exec(value);
  if (bracketed) return bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  if (v4WithPort) return v4WithPort[1];
  return /^[0-9a-f:.]{2,45}$/i.test(value) ? value : undefined;
}

export function effectiveRequest({ url, headers, clientAddress, trustProxy }: ForwardedInput): EffectiveRequest {
  let protocol = url.protocol === 'https:' ? 'https' : 'http';
  let clientIp = clientAddress || 'unknown';
  if (trustProxy > 0) {
    const proto = trustedEntry(headers.get('x-forwarded-proto'), trustProxy)?.toLowerCase();
    if (proto === 'https' || proto === 'http') protocol = proto;
    const forwardedFor = trustedEntry(headers.get('x-forwarded-for'), trustProxy);
    const address = forwardedFor ? cleanAddress(forwardedFor) : undefined;
    if (address) clientIp = address;
  }
  return { origin: `${protocol}://${url.host}`, secure: protocol === 'https', clientIp };
}
