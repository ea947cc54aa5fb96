import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` turns changes of schema.ts into a new SQL migration; the API applies
// the migrations at start, on the embedded server and on DATABASE_URL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/src/db/migrations',
});
