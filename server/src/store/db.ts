// One database interface over two engines: a PostgreSQL server through `pg` when DATABASE_URL is
// set, or embedded PGlite in DATA_DIR otherwise. The SQL is the same for both.
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<Row>>;
}

/** The subset of `pg.Pool` that @agendajs/postgres-backend uses. */
export interface AgendaPool {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
  connect(): Promise<unknown>;
  end(): Promise<void>;
}

export interface Database extends Queryable {
  readonly engine: 'postgres' | 'pglite';
  /** Runs a multi-statement script (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Serialises one-time set-up (migrations, job schema) across processes sharing a server. */
  withExclusiveSetup<T>(work: () => Promise<T>): Promise<T>;
  agendaPool(): AgendaPool;
  close(): Promise<void>;
}

const SETUP_LOCK_KEY = 724_301_001;

class PostgresDatabase implements Database {
  readonly engine = 'postgres' as const;
  private readonly pool: pg.Pool;

  constructor(connectionString: string) {
    this.pool = new pg.Pool({ connectionString, max: 10 });
    // An idle client that loses its connection must not crash the process.
    this.pool.on('error', () => {});
  }

  async query<Row>(text: string, params?: unknown[]): Promise<QueryResult<Row>> {
    const result = await this.pool.query(text, params as unknown[]);
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const tx: Queryable = {
        query: async <Row>(text: string, params?: unknown[]) => {
          const result = await client.query(text, params as unknown[]);
          return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
        },
      };
      const value = await work(tx);
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async withExclusiveSetup<T>(work: () => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SETUP_LOCK_KEY]).catch(() => {});
      client.release();
    }
  }

  agendaPool(): AgendaPool {
    return this.pool as unknown as AgendaPool;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * PGlite runs PostgreSQL in this process, so only one process may open a data directory. The pid
 * file makes a second opener fail loudly instead of corrupting the database; a pid file left by
 * a killed process is taken over.
 */
function claimDataDirectory(pidFile: string): void {
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DataDirectoryBusyError(`The embedded database in ${path.dirname(pidFile)} is open in process ${pid}.`);
    }
  }
  writeFileSync(pidFile, String(process.pid));
}

export class DataDirectoryBusyError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

class PgliteDatabase implements Database {
  readonly engine = 'pglite' as const;

  private constructor(
    private readonly db: PGlite,
    private readonly pidFile: string,
  ) {}

  static async open(dataDir: string): Promise<PgliteDatabase> {
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    const pidFile = path.join(dataDir, 'pglite.pid');
    claimDataDirectory(pidFile);
    const db = await PGlite.create(dir);
    return new PgliteDatabase(db, pidFile);
  }

  async query<Row>(text: string, params?: unknown[]): Promise<QueryResult<Row>> {
    const result = await this.db.query<Row>(text, params);
    return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
  }

  async exec(sql: string): Promise<void> {
    await this.db.exec(sql);
  }

  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) =>
      work({
        query: async <Row>(text: string, params?: unknown[]) => {
          const result = await tx.query<Row>(text, params);
          return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
        },
      }),
    );
  }

  withExclusiveSetup<T>(work: () => Promise<T>): Promise<T> {
    // Only this process can have the directory open (see claimDataDirectory).
    return work();
  }

  /**
   * Agenda's PostgreSQL backend wants a pg.Pool. PGlite is a single in-process connection, so the
   * "pool" hands out views of that connection; LISTEN notifications come from `onNotification`.
   */
  agendaPool(): AgendaPool {
    const run = async (text: string, params?: unknown[]) => {
      if (params && params.length > 0) {
        const result = await this.db.query(text, params);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }
      const results = await this.db.exec(text);
      const last = results[results.length - 1];
      return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
    };
    return {
      query: run,
      connect: async () => {
        const client = new EventEmitter();
        const unsubscribe = this.db.onNotification((channel, payload) => {
          client.emit('notification', { channel, payload });
        });
        return Object.assign(client, { query: run, release: () => unsubscribe() });
      },
      end: async () => {},
    };
  }

  async close(): Promise<void> {
    await this.db.close();
    rmSync(this.pidFile, { force: true });
  }
}

export async function openDatabase(options: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return new PostgresDatabase(options.databaseUrl);
  return PgliteDatabase.open(options.dataDir);
}
