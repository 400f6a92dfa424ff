import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './store/db.ts';
import type { BlobStore } from './files/storage.ts';

/** What request handlers and job runners share; built once in main.ts. */
export interface Services {
  config: Config;
  db: Database;
  blobs: BlobStore;
  logger: Logger;
  /** Puts a job on the queue (Agenda). */
  enqueue(jobId: string): Promise<void>;
}
