import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` turns changes of schema.ts into a new SQL migration; the API applies
// the migrations at start on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/src/db/migrations',
});
