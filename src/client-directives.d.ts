// Types of our own Astro client directives (registered in astro.config.mjs).
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the visitor first touches the island (src/components/shell/hydrate-on-interaction.ts). */
    'client:interaction'?: boolean;
  }
}
