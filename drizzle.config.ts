import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` is used; migrations are applied at boot (src/db/migrate.server.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './migrations',
});
