import type { BlueprintFeatureCollection, BlueprintWord, Scale } from '../../../core/src/types.ts';
import type { Queryable } from './db.ts';
import type { JobRun } from './jobs.ts';

export const READY_FLAGS = [
  'pdf_file',
  'main_tile',
  'all_tiles',
  'preview_image',
  'vector_image',
  'geojson',
  'regions',
  'ml_metadata',
  'ocr_connected',
  'autoclassify_polygons',
] as const;
export type ReadyFlag = (typeof READY_FLAGS)[number] | 'ocr_text';
export type Ready = Partial<Record<ReadyFlag, boolean>>;

export const FILE_ARTIFACTS = ['original_pdf', 'preview_webp', 'scaled_png', 'vector_svg'] as const;
export type FileArtifact = (typeof FILE_ARTIFACTS)[number];

export interface ArtifactRef {
  key: string;
  revision: number;
  content_type: string;
}

export interface TileSet {
  revision: number;
  /** Storage prefix; tile `z.x.y.png` is at `${prefix}/z.x.y.png`. */
  prefix: string;
  max_zoom: number;
  names: string[];
}

export interface Artifacts {
  original_pdf?: ArtifactRef;
  preview_webp?: ArtifactRef;
  scaled_png?: ArtifactRef;
  vector_svg?: ArtifactRef;
  tiles?: TileSet;
}

export interface BlueprintRow {
  id: string;
  project_id: string;
  user_id: string;
  name: string;
  description: string | null;
  page_count: number | null;
  scale: Scale | null;
  geojson: BlueprintFeatureCollection | null;
  url_width: number | null;
  url_height: number | null;
  url_dpi: number | null;
  ready: Ready;
  artifacts: Artifacts;
  /** Grows on every write (artifact or edit): the ETag of the blueprint and `artifact_versions.revision`. */
  revision: number;
  created: Date;
  updated: Date;
}

export function storagePrefix(blueprintId: string): string {
  return `blueprints/${blueprintId}`;
}

export async function insertBlueprint(
  db: Queryable,
  blueprint: { id: string; projectId: string; userId: string; name: string; original: ArtifactRef },
): Promise<void> {
  await db.query(
    `INSERT INTO blueprints (id, project_id, user_id, name, ready, artifacts, revision)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, 1)`,
    [
      blueprint.id,
      blueprint.projectId,
      blueprint.userId,
      blueprint.name,
      JSON.stringify({ pdf_file: true }),
      JSON.stringify({ original_pdf: blueprint.original }),
    ],
  );
}

export async function getBlueprint(db: Queryable, userId: string, blueprintId: string): Promise<BlueprintRow | null> {
  const { rows } = await db.query<BlueprintRow>('SELECT * FROM blueprints WHERE user_id = $1 AND id = $2', [userId, blueprintId]);
  return rows[0] ?? null;
}

export async function listBlueprints(db: Queryable, projectId: string): Promise<BlueprintRow[]> {
  const { rows } = await db.query<BlueprintRow>(
    'SELECT id, project_id, user_id, name, description, ready, created, updated FROM blueprints WHERE project_id = $1 ORDER BY created, id',
    [projectId],
  );
  return rows;
}

export async function countWords(db: Queryable, blueprintId: string): Promise<number> {
  const { rows } = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM blueprint_words WHERE blueprint_id = $1', [blueprintId]);
  return rows[0].total;
}

/** A page of words in their stable sheet order. */
export async function getWords(db: Queryable, blueprintId: string, limit: number, offset: number): Promise<BlueprintWord[]> {
  const { rows } = await db.query<{ word: BlueprintWord }>(
    'SELECT word FROM blueprint_words WHERE blueprint_id = $1 ORDER BY seq LIMIT $2 OFFSET $3',
    [blueprintId, limit, offset],
  );
  return rows.map((row) => row.word);
}

export interface BlueprintPublication {
  artifacts?: Partial<Record<FileArtifact, Omit<ArtifactRef, 'revision'>>>;
  tiles?: Omit<TileSet, 'revision'>;
  ready?: Ready;
  size?: { width: number; height: number; dpi: number };
  pageCount?: number;
  scale?: Scale | null;
  geojson?: BlueprintFeatureCollection;
  words?: BlueprintWord[];
}

/**
 * Publishes what a processing stage produced, but only while its job is still running: a cancelled
 * or deleted job can never write into a blueprint. Each rewritten artifact gets the next revision.
 */
export async function publishToBlueprint(
  db: { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> },
  run: JobRun,
  blueprintId: string,
  publication: BlueprintPublication,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const job = await tx.query("SELECT 1 FROM jobs WHERE id = $1 AND attempts = $2 AND status = 'RUNNING' FOR UPDATE", [
      run.jobId,
      run.attempt,
    ]);
    if (job.rows.length === 0) return false;
    const current = await tx.query<BlueprintRow>('SELECT * FROM blueprints WHERE id = $1 FOR UPDATE', [blueprintId]);
    const row = current.rows[0];
    if (!row) return false;
    const revision = row.revision + 1;
    const artifacts: Artifacts = { ...row.artifacts };
    for (const [name, ref] of Object.entries(publication.artifacts ?? {}) as [FileArtifact, Omit<ArtifactRef, 'revision'>][]) {
      artifacts[name] = { ...ref, revision: (row.artifacts[name]?.revision ?? 0) + 1 };
    }
    if (publication.tiles) artifacts.tiles = { ...publication.tiles, revision: (row.artifacts.tiles?.revision ?? 0) + 1 };
    await tx.query(
      `UPDATE blueprints SET
         artifacts = $2::jsonb,
         ready = ready || $3::jsonb,
         url_width = COALESCE($4, url_width),
         url_height = COALESCE($5, url_height),
         url_dpi = COALESCE($6, url_dpi),
         page_count = COALESCE($7, page_count),
         scale = CASE WHEN $8::boolean THEN $9::jsonb ELSE scale END,
         geojson = COALESCE($10::jsonb, geojson),
         revision = $11,
         updated = now()
       WHERE id = $1`,
      [
        blueprintId,
        JSON.stringify(artifacts),
        JSON.stringify(publication.ready ?? {}),
        publication.size?.width ?? null,
        publication.size?.height ?? null,
        publication.size?.dpi ?? null,
        publication.pageCount ?? null,
        publication.scale !== undefined,
        publication.scale === undefined || publication.scale === null ? null : JSON.stringify(publication.scale),
        publication.geojson ? JSON.stringify(publication.geojson) : null,
        revision,
      ],
    );
    if (publication.words) {
      await tx.query('DELETE FROM blueprint_words WHERE blueprint_id = $1', [blueprintId]);
      await tx.query(
        `INSERT INTO blueprint_words (blueprint_id, seq, word)
         SELECT $1, (ordinality - 1)::int, value FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY`,
        [blueprintId, JSON.stringify(publication.words)],
      );
    }
    return true;
  });
}

export type ContentUpdate = { scale?: Scale | null; geojson?: BlueprintFeatureCollection };

/**
 * A user's edit. `expectedRevision` (from If-Match) makes it conditional: 'conflict' when the
 * blueprint changed since the client read it.
 */
export async function updateBlueprintContent(
  db: Queryable,
  userId: string,
  blueprintId: string,
  update: ContentUpdate,
  expectedRevision: number | null,
): Promise<BlueprintRow | 'conflict' | null> {
  const { rows } = await db.query<BlueprintRow>(
    `UPDATE blueprints SET
       scale = CASE WHEN $3::boolean THEN $4::jsonb ELSE scale END,
       geojson = COALESCE($5::jsonb, geojson),
       revision = revision + 1,
       updated = now()
     WHERE user_id = $1 AND id = $2 AND ($6::int IS NULL OR revision = $6::int)
     RETURNING *`,
    [
      userId,
      blueprintId,
      update.scale !== undefined,
      update.scale ? JSON.stringify(update.scale) : null,
      update.geojson ? JSON.stringify(update.geojson) : null,
      expectedRevision,
    ],
  );
  if (rows[0]) return rows[0];
  const exists = await getBlueprint(db, userId, blueprintId);
  return exists ? 'conflict' : null;
}

export async function deleteBlueprint(db: Queryable, blueprintId: string): Promise<void> {
  await db.query('DELETE FROM blueprints WHERE id = $1', [blueprintId]);
}
