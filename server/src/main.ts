// `npm start`: API and worker in one process on embedded PGlite by default; ROLE=api or
// ROLE=worker split them across processes or machines sharing the database and DATA_DIR.
import type { Server } from 'node:http';
import type net from 'node:net';
import { pino } from 'pino';
import type { Agenda } from 'agenda';
import { loadConfig } from './config.ts';
import { openDatabase } from './store/db.ts';
import { migrate } from './store/migrate.ts';
import { BlobStore } from './files/storage.ts';
import { buildApp } from './api/app.ts';
import { createQueue, enqueueProcessing, startWorker, type Worker } from './jobs/queue.ts';
import { createStagePool } from './jobs/runner.ts';
import { serveAdminSocket } from './cli/admin-socket.ts';
import type { Services } from './services.ts';

const SHUTDOWN_GRACE_MS = 30_000;

const config = loadConfig();
const logger = pino({ level: config.logLevel, base: { role: config.role } });
const db = await openDatabase(config);
let agenda!: Agenda;
await db.withExclusiveSetup(async () => {
  await migrate(db);
  agenda = await createQueue(db, config);
});

const services: Services = {
  config,
  db,
  blobs: new BlobStore(config.dataDir),
  logger,
  enqueue: (jobId) => enqueueProcessing(agenda, jobId),
};

let httpServer: Server | null = null;
let adminSocket: net.Server | null = null;
let worker: Worker | null = null;
const pool = config.role === 'api' ? null : createStagePool(config.workerConcurrency, logger);

if (pool) worker = startWorker(agenda, config, { services, pool });
// Even an API-only process starts Agenda: without start() its enqueue sends no NOTIFY.
await agenda.start();

if (config.role !== 'worker') {
  const { app } = buildApp(services, async () => {
    await db.query('SELECT 1');
    return true;
  });
  // An API key command reaches the embedded database only through this process. Its socket is
  // up before the API answers, so a key can be made as soon as /readyz says ready (a CLI that
  // found no socket opened the database itself and was refused: it is this process's).
  if (db.engine === 'pglite') {
    adminSocket = serveAdminSocket(db, config.dataDir);
    await new Promise<void>((resolve) => adminSocket!.once('listening', resolve));
  }
  httpServer = app.listen(config.port, config.host);
  await new Promise<void>((resolve) => httpServer!.once('listening', resolve));
  logger.info({ url: config.publicBaseUrl, database: db.engine, data_dir: config.dataDir }, 'listening');
  console.log(`Blueprint takeoff service listening on ${config.publicBaseUrl} (docs: ${config.publicBaseUrl}/docs)`);
} else {
  logger.info({ database: db.engine }, 'worker started');
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  httpServer?.close();
  adminSocket?.close();
  await worker?.shutdown(SHUTDOWN_GRACE_MS);
  // Releases the locks of jobs that did not finish in the grace period, for another worker.
  await agenda.stop();
  await pool?.destroy();
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
