import { type Env, env, isProductionDeployment } from './config.server';

/**
 * Developer aids (`/dev/*`, `/api/dev/*`, login codes shown on the page) reveal login codes and
 * the outbox and let anyone create invoices or switch payment methods. They answer only when
 * SHOW_DEV_PAGES=1, never in a production deployment (NODE_ENV=production on PostgreSQL), and
 * only to a client on this machine: the socket's peer is a loopback address. X-Forwarded-For is
 * not consulted (anyone can write it); the browser tests connect to 127.0.0.1 themselves.
 */
export function devAidsOpen(
  request: { clientAddress: string | undefined },
  config: Pick<Env, 'SHOW_DEV_PAGES' | 'NODE_ENV' | 'DATABASE_URL' | 'DEMO_DATA'> = env(),
): boolean {
  return config.SHOW_DEV_PAGES && !isProductionDeployment(config) && isLoopbackAddress(request.clientAddress);
}

/** 127.0.0.0/8, ::1, and IPv4 loopback as an IPv6-mapped address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().replace(/^::ffff:/, '');
  if (/^127(\.\d{1,3}){3}$/.test(v4)) return true;
  return /^(0{0,4}:){7}0{0,3}1$|^::1$/.test(address.toLowerCase());
}

/** The socket peer of an Astro request context (the getter throws when the adapter has none). */
export function socketPeer(context: { clientAddress: string }): { clientAddress: string | undefined } {
  try {
    return { clientAddress: context.clientAddress };
  } catch {
    return { clientAddress: undefined };
  }
}

/** For pages and endpoints: whether this request may use the developer aids. */
export function devAidsFor(context: { clientAddress: string }): boolean {
  return devAidsOpen(socketPeer(context));
}
