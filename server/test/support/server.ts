// Starts the real service as a child process on a free port, exactly as `npm start` does, with its
// own DATA_DIR and (when DATABASE_URL is set) its own fresh PostgreSQL database.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const realplans = path.resolve(repoRoot, '../shared/realplans');
const run = promisify(execFile);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function freshDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bp_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestServer {
  url: string;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  logs(): string;
  createKey(userId: string, name?: string): Promise<string>;
  keysCli(...args: string[]): Promise<{ stdout: string; stderr: string }>;
  /** Stops the process with a signal and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts the process again on the same port, data and database. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bp-test-'));
  const database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...extraEnv,
  };
  if (!database) delete env.DATABASE_URL;
  let output = '';
  let child: ChildProcess;

  const launch = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok).catch(() => false);
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error(`server did not become ready:\n${output}`);
  };
  await launch();

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    return exited;
  };
  const keysCli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'server/src/cli/keys.ts', ...args], { cwd: repoRoot, env });

  return {
    url: `http://127.0.0.1:${port}`,
    env,
    dataDir,
    logs: () => output,
    keysCli,
    createKey: async (userId, name) => {
      const { stdout } = await keysCli('create', '--user', userId, ...(name ? ['--name', name] : []));
      return stdout.trim().split('\n').pop()!;
    },
    stop,
    restart: launch,
    close: async () => {
      await stop('SIGTERM');
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
