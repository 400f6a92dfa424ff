// Rows → the public shapes of the interface specification.
import type { JobRow } from '../store/jobs.ts';
import type { ProjectRow } from '../store/projects.ts';
import { READY_FLAGS, type BlueprintRow } from '../store/blueprints.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

export function projectPublic(row: ProjectRow) {
  return { id: row.id, name: row.name, description: row.description, last_modified: new Date(row.last_modified).getTime() };
}

export function jobPublic(row: JobRow) {
  return {
    id: row.id,
    status: row.status,
    state: row.state,
    blueprint_id: row.blueprint_id,
    filename: row.filename,
    progress: row.progress,
    error_code: row.error_code,
    error_message: row.error_message,
    created: iso(row.created),
    updated: iso(row.updated),
  };
}

export function readyPublic(row: Pick<BlueprintRow, 'ready'>) {
  const ready: Record<string, boolean | null> = {};
  for (const flag of READY_FLAGS) ready[flag] = row.ready[flag] === true;
  ready.ocr_text = row.ready.ocr_text ?? null;
  return ready;
}

export function blueprintRecordPublic(row: BlueprintRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created: iso(row.created),
    updated: iso(row.updated),
    ready: readyPublic(row),
  };
}

export function blueprintPublic(row: BlueprintRow) {
  return {
    id: row.id,
    name: row.name,
    scale: row.scale,
    url_height: row.url_height,
    url_width: row.url_width,
    url_dpi: row.url_dpi,
    geojson: row.geojson,
    created: iso(row.created),
    updated: iso(row.updated),
  };
}

export function blueprintEtag(row: Pick<BlueprintRow, 'revision'>): string {
  return `"r${row.revision}"`;
}
