import type { Tenant } from '#features/tenants/index.ts';
import { publicOrigin } from './booking-messages.server';

/**
 * The snippet partner sites paste for the booking embed (the loader's default kind): the loader
 * from the tenant's public origin (PUBLIC_PROTOCOL + primary host, as customer links use), else
 * the origin the browser used (https behind a trusted proxy). Never the server's own connection,
 * which is plain http behind a proxy.
 */
export function embedSnippet(tenant: Pick<Tenant, 'primaryHost'>, requestOrigin: string): string {
  return `<script src="${publicOrigin(tenant, requestOrigin)}/embed.js" data-serambi-embed async></script>`;
}
