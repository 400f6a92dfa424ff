// Settings come from the environment only, read once at start-up, so a process's behaviour is
// fully described by its environment (see README "Configuration").
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Role = 'all' | 'api' | 'worker';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  publicBaseUrl: string;
  signingSecret: string;
  role: Role;
  /** Default rendering resolution of `scaled_png`; blueprint units are 1/dpi inch of paper. */
  renderDpi: number;
  maxDirectUploadBytes: number;
  maxUploadBytes: number;
  uploadUrlTtlSeconds: number;
  fileUrlTtlSeconds: number;
  /** A job not touched for this long is taken over by another worker (crash recovery). */
  jobLockLifetimeMs: number;
  jobTimeoutMs: number;
  workerConcurrency: number;
  logLevel: string;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return Math.floor(value);
}

/** The secret is generated once and kept beside the data so signed URLs survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'signing-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFromEnv(env, 'PORT', 8080);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  const role = (env.ROLE || 'all') as Role;
  if (!['all', 'api', 'worker'].includes(role)) throw new Error(`ROLE must be all, api or worker, got "${role}"`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    publicBaseUrl: (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    signingSecret: env.SIGNING_SECRET || loadOrCreateSecret(dataDir),
    role,
    renderDpi: intFromEnv(env, 'RENDER_DPI', 150),
    maxDirectUploadBytes: intFromEnv(env, 'MAX_DIRECT_UPLOAD_BYTES', 50 * 1024 * 1024),
    maxUploadBytes: intFromEnv(env, 'MAX_UPLOAD_BYTES', 500 * 1024 * 1024),
    uploadUrlTtlSeconds: intFromEnv(env, 'UPLOAD_URL_TTL_SECONDS', 3600),
    fileUrlTtlSeconds: intFromEnv(env, 'FILE_URL_TTL_SECONDS', 3600),
    jobLockLifetimeMs: intFromEnv(env, 'JOB_LOCK_LIFETIME_MS', 120_000),
    jobTimeoutMs: intFromEnv(env, 'JOB_TIMEOUT_MS', 15 * 60_000),
    workerConcurrency: intFromEnv(env, 'WORKER_CONCURRENCY', 1),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
