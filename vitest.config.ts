/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Unit tests sit beside the code (*.test.ts); *.integration.test.ts hit a real database
// (PGlite always, PostgreSQL too when TEST_DATABASE_URL is set).
//
// Component tests run on the runtime the browser gets: astro.config's preact({ compat: true })
// aliases react/react-dom to preact/compat here too (its ssr.noExternal list covers the React
// libraries). Testing Library is bundled through the same alias, from its ESM build, so it
// renders with preact/compat rather than loading real React from node_modules.
// See docs/decisions/0008-preact-compat-runtime.md.
// Tests run in a zone that is neither UTC nor a tenant's (+13:45 in November, with daylight
// saving): code that forgets to pass the tenant's zone, or a test that builds dates in the
// machine's, fails here rather than only on a server abroad (issue 24). Workers inherit it.
process.env.TZ = 'Pacific/Chatham';

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
    // Migrated once per run; every test database starts from that copy (see the file).
    globalSetup: ['src/db/test-templates.global-setup.ts'],
    // Vitest's default is one worker fewer than the cores: one on CI's 2, with most of a file's
    // time spent waiting on a database. Two halve the wall time there (430 s → 264 s, 234 files).
    maxWorkers: 2,
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    server: { deps: { inline: ['@testing-library/react'] } },
  },
});
