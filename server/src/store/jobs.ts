// Job rows and their state machine. Every transition is a conditional UPDATE, so a worker and a
// user cancelling at the same moment cannot both win:
//   PENDING → RUNNING → SUCCEEDED | FAILED;  PENDING | RUNNING → CANCELLED.
// `attempts` is a fencing token: a run that was taken over after its worker died (or a duplicate
// run) can no longer change the job, because its attempt number is not the current one.
import type { Queryable } from './db.ts';

export const JOB_STATUSES = ['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const ACTIVE_STATUSES: JobStatus[] = ['PENDING', 'RUNNING'];

export interface JobRow {
  id: string;
  project_id: string;
  user_id: string;
  blueprint_id: string;
  filename: string;
  source_key: string;
  status: JobStatus;
  state: string | null;
  progress: number;
  error_code: string | null;
  error_message: string | null;
  attempts: number;
  created: Date;
  updated: Date;
  finished_at: Date | null;
}

export async function insertJob(
  db: Queryable,
  job: { id: string; projectId: string; userId: string; blueprintId: string; filename: string; sourceKey: string },
): Promise<void> {
  await db.query(
    `INSERT INTO jobs (id, project_id, user_id, blueprint_id, filename, source_key, status, state, progress)
     VALUES ($1, $2, $3, $4, $5, $6, 'PENDING', 'queued', 0)`,
    [job.id, job.projectId, job.userId, job.blueprintId, job.filename, job.sourceKey],
  );
}

export async function getJob(db: Queryable, userId: string, projectId: string, jobId: string): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>('SELECT * FROM jobs WHERE user_id = $1 AND project_id = $2 AND id = $3', [userId, projectId, jobId]);
  return rows[0] ?? null;
}

export async function listJobs(db: Queryable, projectId: string): Promise<JobRow[]> {
  const { rows } = await db.query<JobRow>('SELECT * FROM jobs WHERE project_id = $1 ORDER BY created, id', [projectId]);
  return rows;
}

/** Identifies one run of a job; see `attempts` above. */
export interface JobRun {
  jobId: string;
  attempt: number;
}

/** Takes the job for a run. Null when it was cancelled, deleted or already finished. */
export async function startJobRun(db: Queryable, jobId: string): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `UPDATE jobs SET status = 'RUNNING', state = 'opening', attempts = attempts + 1, updated = now()
     WHERE id = $1 AND status IN ('PENDING', 'RUNNING') RETURNING *`,
    [jobId],
  );
  return rows[0] ?? null;
}

/**
 * Records a stage boundary. Progress never decreases, even when a crashed run is repeated.
 * Returns false when the job is no longer running (cancelled or deleted): the worker stops.
 */
export async function advanceJob(db: Queryable, run: JobRun, state: string, progress: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE jobs SET state = $3, progress = GREATEST(progress, $4), updated = now()
     WHERE id = $1 AND attempts = $2 AND status = 'RUNNING'`,
    [run.jobId, run.attempt, state, Math.round(progress)],
  );
  return rowCount > 0;
}

/** Whether this run still owns the job (not cancelled, deleted, or taken over by a newer attempt). */
export async function ownsJob(db: Queryable, run: JobRun): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM jobs WHERE id = $1 AND attempts = $2 AND status = 'RUNNING'", [run.jobId, run.attempt]);
  return rows.length > 0;
}

/** True when the job was cancelled or deleted: its blueprint is to be removed, not handed over. */
export async function isJobAbandoned(db: Queryable, jobId: string): Promise<boolean> {
  const { rows } = await db.query<{ status: JobStatus }>('SELECT status FROM jobs WHERE id = $1', [jobId]);
  return rows.length === 0 || rows[0].status === 'CANCELLED';
}

export async function finishJob(db: Queryable, run: JobRun): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE jobs SET status = 'SUCCEEDED', state = 'done', progress = 100, updated = now(), finished_at = now()
     WHERE id = $1 AND attempts = $2 AND status = 'RUNNING'`,
    [run.jobId, run.attempt],
  );
  return rowCount > 0;
}

export async function failJob(db: Queryable, run: JobRun, code: string, message: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE jobs SET status = 'FAILED', state = 'failed', error_code = $3, error_message = $4, updated = now(), finished_at = now()
     WHERE id = $1 AND attempts = $2 AND status = 'RUNNING'`,
    [run.jobId, run.attempt, code, message],
  );
  return rowCount > 0;
}

/** Jobs whose queue entry was lost (the process died between commit and enqueue). */
export async function listOrphanedPendingJobs(db: Queryable, olderThanSeconds: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM jobs WHERE status = 'PENDING' AND created < now() - make_interval(secs => $1)
     AND NOT EXISTS (SELECT 1 FROM agenda_jobs a WHERE a.data->>'jobId' = jobs.id)`,
    [olderThanSeconds],
  );
  return rows.map((row) => row.id);
}

/** PENDING or RUNNING → CANCELLED. Null when the job was not active. */
export async function cancelJob(db: Queryable, jobId: string): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `UPDATE jobs SET status = 'CANCELLED', state = 'cancelled', updated = now(), finished_at = now()
     WHERE id = $1 AND status IN ('PENDING', 'RUNNING') RETURNING *`,
    [jobId],
  );
  return rows[0] ?? null;
}

export async function deleteJob(db: Queryable, jobId: string): Promise<void> {
  await db.query('DELETE FROM jobs WHERE id = $1', [jobId]);
}
