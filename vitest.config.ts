/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Tests run in a zone that is neither UTC nor a tenant's (Asia/Kuala_Lumpur, Asia/Jakarta), so
// code or a test that forgets the tenant's zone and falls back on the machine's fails (issue 24).
// Set before anything reads the clock; the workers vitest forks inherit it.
process.env.TZ = 'America/Sao_Paulo';

// Unit tests sit beside the code (*.test.ts); *.integration.test.ts hit a real database
// (PGlite always, PostgreSQL too when TEST_DATABASE_URL is set).
//
// Component tests run on the runtime the browser gets: astro.config's preact({ compat: true })
// aliases react/react-dom to preact/compat here too (its ssr.noExternal list covers the React
// libraries). Testing Library is bundled through the same alias, from its ESM build, so it
// renders with preact/compat rather than loading real React from node_modules.
// See docs/decisions/0008-preact-compat-runtime.md.
export default getViteConfig({
  resolve: {
    alias: [
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
    ],
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    server: { deps: { inline: ['@testing-library/react'] } },
  },
});
