/** Emitted in the transaction that changes the sites allowed to frame a tenant's embeddable views. */
export interface EmbedOriginsChangedEvent {
  tenantId: string;
}

// The events embeds emit on the app's bus (src/server/events): pages rendered for the embed carry
// the framing sites, so the page cache drops them.
declare module '../../server/events' {
  interface ServerEvents {
    'embed-origins.changed': EmbedOriginsChangedEvent;
  }
}
