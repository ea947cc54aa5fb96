import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * A new database on the PostgreSQL server of `adminUrl` (whose user may create databases), and
 * how to drop it: for the server tests and the benchmark. Empty, or a copy of `template` (a
 * database nobody is connected to).
 */
export async function throwawayDatabase(
  adminUrl: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const template = options.template ? ` template ${pg.escapeIdentifier(options.template)}` : '';
    await admin.query(`create database ${name}${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
