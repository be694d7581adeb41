import { ConfigError, loadConfig } from './platform/config';
import { startServer } from './server';
import { checkStorageConfig } from './platform/storage/create';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
    checkStorageConfig(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const server = await startServer(config);
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  server.app.log.info(
    { database: server.database.kind, dataDir: config.DATA_DIR },
    `Halcyon is ready at http://${shown}:${config.PORT}`,
  );
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      server.app.log.info({ signal }, 'shutting down');
      server.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          server.app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Halcyon could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
