// Creating, cancelling and deleting processing jobs: the parts shared by the upload endpoints,
// the job endpoints and the project endpoints.
import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { Services } from '../services.ts';
import type { Queryable } from '../store/db.ts';
import { insertBlueprint, storagePrefix } from '../store/blueprints.ts';
import { cancelJob, deleteJob, insertJob, type JobRow } from '../store/jobs.ts';

/** A PDF starts with `%PDF-` within its first 1024 bytes (ISO 32000-1, 7.5.2, as readers accept it). */
export async function looksLikePdf(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead).includes('%PDF-');
  } finally {
    await handle.close();
  }
}

export function blueprintNameFor(filename: string): string {
  return filename.replace(/\.pdf$/i, '') || filename;
}

/**
 * Stores the PDF as the blueprint's original and creates the blueprint and its job in one
 * transaction. `claim` runs inside that transaction and may veto it (a second `complete`).
 */
export async function createProcessingJob(
  services: Services,
  request: { userId: string; projectId: string; filename: string; sourceFile: string; claim?: (tx: Queryable, jobId: string) => Promise<boolean> },
): Promise<{ jobId: string; created: boolean }> {
  const jobId = randomUUID();
  const blueprintId = randomUUID();
  const originalKey = `${storagePrefix(blueprintId)}/original.pdf`;
  try {
    await services.blobs.putFile(originalKey, request.sourceFile);
  } catch (error) {
    // Nothing of a job that was never created stays behind (putFile made the blueprint's folder).
    await services.blobs.remove(storagePrefix(blueprintId));
    throw error;
  }
  const created = await services.db.transaction(async (tx) => {
    if (request.claim && !(await request.claim(tx, jobId))) return false;
    await insertBlueprint(tx, {
      id: blueprintId,
      projectId: request.projectId,
      userId: request.userId,
      name: blueprintNameFor(request.filename),
      original: { key: originalKey, revision: 1, content_type: 'application/pdf' },
    });
    await insertJob(tx, {
      id: jobId,
      projectId: request.projectId,
      userId: request.userId,
      blueprintId,
      filename: request.filename,
      sourceKey: originalKey,
    });
    return true;
  });
  if (!created) {
    await services.blobs.remove(storagePrefix(blueprintId));
    return { jobId, created: false };
  }
  await services.enqueue(jobId);
  return { jobId, created: true };
}

/**
 * PENDING or RUNNING → CANCELLED, and the unfinished blueprint is removed with its files: a
 * cancelled job leaves nothing half-written. Null when the job was not active.
 */
export async function cancelProcessingJob(services: Services, job: JobRow): Promise<JobRow | null> {
  const cancelled = await services.db.transaction(async (tx) => {
    const row = await cancelJob(tx, job.id);
    if (row) await tx.query('DELETE FROM blueprints WHERE id = $1', [job.blueprint_id]);
    return row;
  });
  if (cancelled) await services.blobs.remove(storagePrefix(job.blueprint_id));
  return cancelled;
}

/** Deletes a job; an active one is cancelled first. A finished job's blueprint stays in the project. */
export async function deleteProcessingJob(services: Services, job: JobRow): Promise<void> {
  await cancelProcessingJob(services, job);
  await deleteJob(services.db, job.id);
}

/** Sanitised file name: no path, no control characters; a UTC timestamp when nothing is left. */
export function sanitizeFilename(raw: string | null | undefined, now = new Date()): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').replace(/^\.+/, '').trim().slice(0, 255);
  if (cleaned) return cleaned;
  return `blueprint-${now.toISOString().replace(/[:.]/g, '-')}.pdf`;
}
