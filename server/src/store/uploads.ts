import type { Queryable } from './db.ts';

export interface UploadRow {
  file_uuid: string;
  user_id: string;
  project_id: string;
  filename: string;
  storage_key: string;
  expires_at: Date;
  received_bytes: string | number | null;
  job_id: string | null;
}

export async function insertUpload(
  db: Queryable,
  upload: { fileUuid: string; userId: string; projectId: string; filename: string; storageKey: string; ttlSeconds: number },
): Promise<void> {
  await db.query(
    `INSERT INTO uploads (file_uuid, user_id, project_id, filename, storage_key, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [upload.fileUuid, upload.userId, upload.projectId, upload.filename, upload.storageKey, upload.ttlSeconds],
  );
}

export async function getUpload(db: Queryable, fileUuid: string): Promise<UploadRow | null> {
  const { rows } = await db.query<UploadRow>('SELECT * FROM uploads WHERE file_uuid = $1', [fileUuid]);
  return rows[0] ?? null;
}

export async function recordUploadReceived(db: Queryable, fileUuid: string, bytes: number): Promise<void> {
  await db.query('UPDATE uploads SET received_bytes = $2 WHERE file_uuid = $1', [fileUuid, bytes]);
}

/**
 * Binds the upload to a new job, once. Returns false when another `complete` call already did:
 * completing twice must never make a second job.
 */
export async function claimUploadForJob(db: Queryable, fileUuid: string, jobId: string): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE uploads SET job_id = $2 WHERE file_uuid = $1 AND job_id IS NULL', [fileUuid, jobId]);
  return rowCount > 0;
}
