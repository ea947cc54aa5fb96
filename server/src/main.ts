import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded/embeddedDatabase';
import { onParentGone } from './embedded/parentGone';
import { announceListening } from './http/listening';

/**
 * Process entry. Without DATABASE_URL it first starts the embedded database (a process of its
 * own, restarted if it dies) and moves an old embedded database of the data folder into it.
 * A process of its own then migrates the database and seeds a new one.
 * With API_PROCESSES=1 (the default) this process then serves HTTP; with more, it forks that
 * many API processes sharing the port (Node's cluster module), starts again any that dies, and
 * serves nothing itself.
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }

  if (cluster.isWorker) return serve(config, null);

  let embedded: EmbeddedDatabase | null = null;
  if (!config.databaseUrl) {
    embedded = await startEmbeddedDatabase(config.postgresDir);
    config = { ...config, databaseUrl: embedded.url };
    // An old data folder's PGlite database moves over once, before anything is seeded.
    try {
      const { moveOldDatabase } = await import('./backup/moveOldDatabase');
      await moveOldDatabase(config.dataDir, embedded.url, (line) => console.log(line));
    } catch (err) {
      await embedded.stop();
      throw err;
    }
  }
  try {
    const { prepareDatabaseApart } = await import('./prepareDatabase');
    await prepareDatabaseApart(config.databaseUrl!);
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
  if (config.apiProcesses === 1) return serve(config, embedded);
  return supervise(config, embedded);
}

/** This process serves the API; SIGINT/SIGTERM finish the requests, then stop the database. */
async function serve(config: Config, embedded: EmbeddedDatabase | null) {
  // Loaded here: a primary that only supervises API processes never needs the app's modules.
  const { buildApp } = await import('./app');
  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, close the database; force after 10 s.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
      .then(() => embedded?.stop())
      .then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // Under `npm start`: stops with the supervisor, even one killed outright. (An API process of
  // several leaves that to the primary, which it dies with.)
  if (!cluster.isWorker) onParentGone(() => shutdown('supervisor gone'));

  await app.listen({ port: config.port, host: config.host });
  // A worker's channel leads to the primary, which announces for all of them.
  if (!cluster.isWorker) announceListening(config.port);
}

/** API_PROCESSES > 1: workers share the port; one that dies is replaced. */
function supervise(config: Config, embedded: EmbeddedDatabase | null) {
  const env = { DATABASE_URL: config.databaseUrl! };
  let stopping = false;
  const fork = () => cluster.fork(env);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(
      `API process ${worker.process.pid} stopped (${signal ?? code}); starting another`,
    );
    setTimeout(fork, 500);
  });
  cluster.once('listening', () => announceListening(config.port));
  for (let i = 0; i < config.apiProcesses; i += 1) fork();

  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    const workers = Object.values(cluster.workers ?? {});
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (!worker || worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  onParentGone(() => void shutdown());
}

main().catch((err) => {
  console.error('The API could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
