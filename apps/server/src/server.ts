import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { correctedLine, keepPrivate, PRIVATE_UMASK, privatePlaces } from './db/file-modes';

/** Starts the shop: parse config, build, listen, and finish requests in flight on SIGTERM/SIGINT. */
async function main() {
  // Everything the shop creates (DATA_DIR, PGlite's new files, proofs, uploads) is its own alone.
  process.umask(PRIVATE_UMASK);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Before the database opens (files left readable by an older version or a copy), and after:
  // PGlite unpacks a fresh database with mode 0666 whatever the umask.
  const places = privatePlaces(config);
  const correctedBefore = await keepPrivate(places);
  const app = await buildApp(config);
  const corrected = correctedBefore + (await keepPrivate(places));
  if (corrected > 0) app.log.info({ corrected }, correctedLine(corrected));
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    await app.close();
    // PGlite rewrites a few files (its relation cache) with mode 0644 while it runs.
    await keepPrivate(places).catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`the shop is open at http://localhost:${config.port}`);
}

main().catch((error) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
