// Agenda on PostgreSQL (server or PGlite): LISTEN/NOTIFY wakes a worker within milliseconds of an
// upload; a job whose worker died is taken over once its lock lifetime passes without a touch.
import { Agenda, type Job } from 'agenda';
import { PostgresBackend } from '@agendajs/postgres-backend';
import type { Config } from '../config.ts';
import type { Database } from '../store/db.ts';
import { listOrphanedPendingJobs } from '../store/jobs.ts';
import { runProcessingJob, type RunContext } from './runner.ts';

export const PROCESS_SHEET = 'process-sheet';

/** Creates Agenda and its tables; call inside `db.withExclusiveSetup` (concurrent schema creation fails). */
export async function createQueue(db: Database, config: Config): Promise<Agenda> {
  const agenda = new Agenda({
    backend: new PostgresBackend({ pool: db.agendaPool() as never }),
    processEvery: '10 seconds',
    defaultLockLifetime: config.jobLockLifetimeMs,
    defaultConcurrency: config.workerConcurrency,
    maxConcurrency: config.workerConcurrency,
    removeOnComplete: true,
  });
  await agenda.ready;
  return agenda;
}

export async function enqueueProcessing(agenda: Agenda, jobId: string): Promise<void> {
  await agenda.now(PROCESS_SHEET, { jobId });
}

export interface Worker {
  /** Finishes the running jobs within `graceMs`, else releases them to other workers. */
  shutdown(graceMs: number): Promise<void>;
}

export function startWorker(agenda: Agenda, config: Config, context: Omit<RunContext, 'signal'>): Worker {
  const running = new Set<AbortController>();
  agenda.define(
    PROCESS_SHEET,
    async (job: Job<{ jobId: string }>) => {
      const controller = new AbortController();
      running.add(controller);
      const keepLock = setInterval(() => job.touch().catch(() => {}), Math.max(1000, config.jobLockLifetimeMs / 3));
      const timeout = setTimeout(() => controller.abort('timeout'), config.jobTimeoutMs);
      try {
        await runProcessingJob({ ...context, signal: controller.signal }, job.attrs.data.jobId);
      } finally {
        clearInterval(keepLock);
        clearTimeout(timeout);
        running.delete(controller);
      }
    },
    { lockLifetime: config.jobLockLifetimeMs, concurrency: config.workerConcurrency },
  );

  // A job committed just before its process died never reached the queue: put it there.
  const sweep = setInterval(() => {
    listOrphanedPendingJobs(context.services.db, 30)
      .then((ids) => Promise.all(ids.map((id) => enqueueProcessing(agenda, id))))
      .catch((error) => context.services.logger.warn({ err: error }, 'orphaned job sweep failed'));
  }, 60_000);
  sweep.unref();

  return {
    async shutdown(graceMs) {
      clearInterval(sweep);
      const drained = await agenda.drain(graceMs).catch(() => null);
      if (!drained || running.size > 0) for (const controller of running) controller.abort('shutdown');
    },
  };
}
