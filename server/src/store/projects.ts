import { randomUUID } from 'node:crypto';
import type { Queryable } from './db.ts';

export interface ProjectRow {
  id: string;
  user_id: string;
  name: string;
  description: string;
  is_default: boolean;
  created: Date;
  updated: Date;
  last_modified: Date;
}

export const DEFAULT_PROJECT_NAME = 'Default Project';

// last_modified moves with the project's jobs and blueprints, so a client polling the project list
// sees which project changed.
const SELECT_PROJECT = `
  SELECT p.*, GREATEST(
    p.updated,
    (SELECT max(j.updated) FROM jobs j WHERE j.project_id = p.id),
    (SELECT max(b.updated) FROM blueprints b WHERE b.project_id = p.id)
  ) AS last_modified
  FROM projects p`;

export async function listProjects(db: Queryable, userId: string): Promise<ProjectRow[]> {
  const { rows } = await db.query<ProjectRow>(`${SELECT_PROJECT} WHERE p.user_id = $1 ORDER BY p.created, p.id`, [userId]);
  return rows;
}

export async function getProject(db: Queryable, userId: string, projectId: string): Promise<ProjectRow | null> {
  const { rows } = await db.query<ProjectRow>(`${SELECT_PROJECT} WHERE p.user_id = $1 AND p.id = $2`, [userId, projectId]);
  return rows[0] ?? null;
}

export async function createProject(db: Queryable, userId: string, name: string, description: string): Promise<ProjectRow> {
  const id = randomUUID();
  await db.query('INSERT INTO projects (id, user_id, name, description) VALUES ($1, $2, $3, $4)', [id, userId, name, description]);
  return (await getProject(db, userId, id))!;
}

export async function updateProject(
  db: Queryable,
  userId: string,
  projectId: string,
  changes: { name?: string | null; description?: string | null },
): Promise<ProjectRow | null> {
  const { rowCount } = await db.query(
    `UPDATE projects SET name = COALESCE($3, name), description = COALESCE($4, description), updated = now()
     WHERE user_id = $1 AND id = $2`,
    [userId, projectId, changes.name ?? null, changes.description ?? null],
  );
  return rowCount ? getProject(db, userId, projectId) : null;
}

/** Removes the project; jobs, blueprints, words and pending uploads go with it (ON DELETE CASCADE). */
export async function deleteProject(db: Queryable, userId: string, projectId: string): Promise<{ blueprintIds: string[]; uploadKeys: string[] } | null> {
  const blueprints = await db.query<{ id: string }>('SELECT id FROM blueprints WHERE project_id = $1 AND user_id = $2', [projectId, userId]);
  const uploads = await db.query<{ storage_key: string }>('SELECT storage_key FROM uploads WHERE project_id = $1 AND user_id = $2', [projectId, userId]);
  const { rowCount } = await db.query('DELETE FROM projects WHERE user_id = $1 AND id = $2', [userId, projectId]);
  if (!rowCount) return null;
  return { blueprintIds: blueprints.rows.map((row) => row.id), uploadKeys: uploads.rows.map((row) => row.storage_key) };
}

/**
 * The user's Default Project, created on first need. Concurrent callers race on the unique partial
 * index; the losers' inserts do nothing and everyone reads the single winner.
 */
export async function ensureDefaultProject(db: Queryable, userId: string): Promise<string> {
  await db.query(
    `INSERT INTO projects (id, user_id, name, description, is_default) VALUES ($1, $2, $3, '', true)
     ON CONFLICT (user_id) WHERE is_default DO NOTHING`,
    [randomUUID(), userId, DEFAULT_PROJECT_NAME],
  );
  const { rows } = await db.query<{ id: string }>('SELECT id FROM projects WHERE user_id = $1 AND is_default', [userId]);
  return rows[0].id;
}

/** Resolves the project an upload goes to: the named one (must be the user's) or the Default Project. */
export async function resolveUploadProject(db: Queryable, userId: string, projectId: string | null | undefined): Promise<string | null> {
  if (!projectId) return ensureDefaultProject(db, userId);
  const { rows } = await db.query<{ id: string }>('SELECT id FROM projects WHERE user_id = $1 AND id = $2', [userId, projectId]);
  return rows[0]?.id ?? null;
}
