// The request and response schemas of /v1. The server validates with these very objects and the
// OpenAPI document at /openapi.json is generated from them, so the two cannot drift apart.
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  FEATURE_CLASSES,
  FEATURE_KINDS,
  FEATURE_SUB_CLASSES,
  SCALE_TYPES,
  SCALE_UNITS,
} from '../../../core/src/types.ts';
import { validateFeatureCollection } from '../../../core/src/validate.ts';
import { JOB_STATUSES } from '../store/jobs.ts';

extendZodWithOpenApi(z);

export const JOB_STATES = [
  'queued',
  'opening',
  'rendering',
  'reading_text',
  'detecting',
  'measuring',
  'publishing',
  'done',
  'failed',
  'cancelled',
] as const;

export const JOB_ERROR_CODES = [
  'invalid_pdf',
  'encrypted_pdf',
  'empty_document',
  'page_too_large',
  'processing_timeout',
  'internal_error',
] as const;

const Message = z.string().openapi({ description: 'Human-readable confirmation; its text is not part of the contract.' });
const DateTime = z.string().openapi({ format: 'date-time', example: '2026-11-21T06:00:00.000Z' });

// ---------- Projects ----------
export const ProjectPublic = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    last_modified: z.number().int().nullable().optional().openapi({ description: 'Milliseconds since the epoch; moves with the project, its jobs and its blueprints.' }),
  })
  .openapi('ProjectPublic');

export const JobPublic = z
  .object({
    id: z.string().openapi({ format: 'uuid' }),
    status: z.enum(JOB_STATUSES).openapi({
      description:
        'PENDING (queued) → RUNNING → SUCCEEDED | FAILED; PENDING or RUNNING → CANCELLED by a cancel or delete. Poll until the status is neither PENDING nor RUNNING.',
    }),
    state: z.enum(JOB_STATES).nullable().optional().openapi({ description: 'The pipeline stage the job is in (or ended in).' }),
    blueprint_id: z.string().openapi({ description: 'The blueprint this job produces. It exists while the job runs (readiness flags fill in) and after it succeeds; a cancelled or failed job leaves no blueprint.' }),
    filename: z.string(),
    progress: z.number().int().min(0).max(100).default(0).openapi({ description: '0–100, never decreases.' }),
    error_code: z.enum(JOB_ERROR_CODES).nullable().optional(),
    error_message: z.string().nullable().optional(),
    created: DateTime.optional(),
    updated: DateTime.optional(),
  })
  .openapi('JobPublic');

export const BlueprintReady = z
  .object({
    pdf_file: z.boolean().default(false),
    main_tile: z.boolean().default(false),
    all_tiles: z.boolean().default(false),
    preview_image: z.boolean().default(false),
    vector_image: z.boolean().default(false),
    geojson: z.boolean().default(false),
    regions: z.boolean().default(false),
    ml_metadata: z.boolean().default(false),
    ocr_connected: z.boolean().default(false),
    autoclassify_polygons: z.boolean().default(false),
    ocr_text: z.boolean().nullable().optional(),
  })
  .openapi('BlueprintReady');

export const BlueprintRecordPublic = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable().optional(),
    created: DateTime,
    updated: DateTime,
    ready: BlueprintReady.optional(),
  })
  .openapi('BlueprintRecordPublic');

export const ProjectDetailPublic = ProjectPublic.extend({
  jobs: z.record(z.string(), JobPublic).optional(),
  blueprint_records: z.record(z.string(), BlueprintRecordPublic).optional(),
}).openapi('ProjectDetailPublic');

export const ProjectCreate = z
  .object({
    name: z.string().min(1).max(256),
    description: z.string().max(2048).default(''),
  })
  .openapi('ProjectCreate');

export const ProjectUpdate = z
  .object({
    name: z.string().min(1).max(256).nullish(),
    description: z.string().max(2048).nullish(),
  })
  .openapi('ProjectUpdate');

// ---------- Scale ----------
export const ScaleSchema = z
  .object({
    drawing: z.number().gt(0).openapi({ description: 'Value of the scale on the drawing.' }),
    real: z.number().gt(0).openapi({ description: 'Value of the scale in the real world.' }),
    label: z.string().nullish().openapi({
      description:
        'The note as printed. A scale the service worked out says how in brackets: "1:39.4 (from dimensions)", "1" = 7.41\' (from graphic scale bar)", "1" = 5.78\' (from room sizes)", "1:100 (from room areas)" (a sheet printing no scale, measured by its rooms\' printed sizes or areas), or for a note stated for another paper size "1:100 @ A1 (1:200 as plotted on A3)", where drawing and real are the plotted scale.',
    }),
    type: z.enum(SCALE_TYPES),
    units: z.enum(SCALE_UNITS).openapi({
      description:
        'si: drawing and real in the same unit (1:100 → drawing 1, real 100); imperial: drawing in inches of paper, real in feet (1/4" = 1\'-0" → drawing 0.25, real 1); inches: both in inches.',
    }),
    manual_scaling_needed: z.boolean().nullish().openapi({ description: 'True when no trustworthy scale was found; measurements are then null.' }),
  })
  .openapi('Scale');

// ---------- GeoJSON ----------
const Position = z.array(z.number()).min(2).max(3).openapi({ description: '[x, y] in blueprint coordinates.' });
const Geometry = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('Point'), coordinates: Position }),
    z.object({ type: z.literal('MultiPoint'), coordinates: z.array(Position) }),
    z.object({ type: z.literal('LineString'), coordinates: z.array(Position) }),
    z.object({ type: z.literal('MultiLineString'), coordinates: z.array(z.array(Position)) }),
    z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(Position)) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(Position))) }),
  ])
  .openapi('Geometry', {
    description:
      'GeoJSON geometry in blueprint coordinates: pixels of scaled_png, origin at the top-left corner of the sheet, x to the right, y down; one unit is 1/url_dpi inch of paper.',
  });

const Channel = z.number().int().min(0).max(255);
export const ColorSchema = z.object({ r: Channel, g: Channel, b: Channel, a: Channel }).openapi('Color');

export const MeasurementsSchema = z
  .object({
    area_m2: z.number().nullable(),
    perimeter_m: z.number().nullable(),
    length_m: z.number().nullable(),
    opening_width_m: z.number().nullable(),
  })
  .openapi('FeatureMeasurementsPublic', {
    description:
      "Server-derived from geometry and scale with planar maths. Null = not applicable, or no scale. A detected room's area is net: to the wall faces, door and window reveals excluded; on a sheet whose area stamps print gross areas (to the centre lines of walls between stamped rooms and the far face of the rest: exterior, corridor, stair, shaft) or wall-centre areas, every room is drawn and measured that way (see the README's 'Rooms and their areas').",
  });

const FeatureProperties = z
  .looseObject({
    id: z.string().min(1),
    kind: z.enum(FEATURE_KINDS),
    class: z.enum(FEATURE_CLASSES),
    sub_class: z.enum(FEATURE_SUB_CLASSES).nullish().openapi({
      description:
        "Specific type where known. A detected opening whose sub_class is null is a folding (bifold) door: the vocabulary names no folding door, and calling one a swing door would price the wrong door (see the README's 'Openings').",
    }),
    name: z.string().nullish(),
    color: ColorSchema.nullish(),
    visible: z.boolean().nullish(),
    is_user_drawn: z.boolean().nullish(),
    parent_id: z.string().nullish(),
    position: z.number().nullish(),
    folder: z.string().nullish(),
    opening_width_units: z.number().min(0).nullish(),
    height_units: z.number().min(0).nullish(),
    tag: z.string().nullish(),
    relations: z.array(z.string()).optional(),
    measurements: MeasurementsSchema.partial().nullish().openapi({ description: 'Ignored on write: recomputed by the server.' }),
  })
  .openapi('BlueprintFeaturePropertiesPublic', { description: 'Unknown properties are preserved.' });

const Feature = z
  .object({
    type: z.literal('Feature').default('Feature'),
    id: z.string().nullish(),
    geometry: Geometry.nullable(),
    properties: FeatureProperties,
  })
  .openapi('BlueprintFeaturePublic');

const FeatureCollectionShape = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(Feature).default([]),
});

const FEATURE_COLLECTION_RULES =
  'Rejected with 422: duplicate ids, a parent_id that does not exist, cycles, more than one root folder, geometry that disagrees with kind, relations to unknown ids. Repaired: relations are made symmetric, `folder` is set to the parent\'s name, `measurements` are recomputed.';

export const FeatureCollectionSchema = FeatureCollectionShape.openapi('BlueprintGeoJSONPublic');

/** On write, the rules that span features (ids, hierarchy, kind ↔ geometry) run in core/, shared with the widget. */
export const FeatureCollectionInput = FeatureCollectionShape.transform((collection, ctx) => {
  const result = validateFeatureCollection(collection);
  if (result.ok) return result.value;
  for (const issue of result.issues) {
    ctx.addIssue({ code: 'custom', path: issue.loc, message: issue.msg, params: { type: issue.type } });
  }
  return z.NEVER;
}).openapi('BlueprintGeoJSONInput', { description: FEATURE_COLLECTION_RULES });

// ---------- Blueprint ----------
export const BlueprintText = z
  .object({
    id: z.string(),
    text: z.string(),
    confidence: z.number().min(0).max(1).nullable().optional(),
    geometry: Geometry.nullable().optional(),
    room_id: z.string().nullable().optional(),
    wall_id: z.string().nullable().optional(),
  })
  .openapi('BlueprintText', {
    description:
      'A word of the sheet. From the PDF text layer confidence is 1.0; on sheets whose text layer holds fewer than 10 words (outlined text, scans), or whose linework letters 10 or more words the layer lacks (SHX text plotted as strokes), words are also read by offline OCR of the 150 dpi render, with Tesseract\'s confidence (0.70–0.99; lower ones are dropped).',
  });

export const BlueprintPublic = z
  .object({
    id: z.string(),
    name: z.string(),
    scale: ScaleSchema.nullable().optional(),
    url_height: z.number().nullable().optional(),
    url_width: z.number().nullable().optional(),
    url_dpi: z.number().nullable().optional(),
    geojson: FeatureCollectionSchema.nullable().optional(),
    text: z.array(BlueprintText).optional(),
    text_total: z.number().int().nullable().optional(),
    created: DateTime,
    updated: DateTime,
  })
  .openapi('BlueprintPublic');

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');
const intQuery = (min: number, max: number | null, fallback: number) => {
  const base = z.coerce.number().int().min(min);
  return z.preprocess((value) => (value === '' ? undefined : value), (max === null ? base : base.max(max)).default(fallback));
};

export const BlueprintReadQuery = z.object({
  include_text: booleanQuery.default(false).openapi({ type: 'boolean' }),
  text_limit: intQuery(1, 5000, 1000).openapi({ type: 'integer', minimum: 1, maximum: 5000, default: 1000 }),
  text_offset: intQuery(0, null, 0).openapi({ type: 'integer', minimum: 0, default: 0 }),
});

export const BlueprintUpdate = z
  .object({
    scale: ScaleSchema.nullish(),
    geojson: FeatureCollectionInput.nullish(),
    text: z.unknown().optional().openapi({ description: 'Ignored: words are read-only.' }),
  })
  .openapi('BlueprintUpdate');

const Revision = z.string().regex(/^0*[1-9][0-9]*$/);
export const ArtifactVersions = z
  .object({
    schema_version: z.literal(1),
    revision: Revision.nullable(),
    legacy_unversioned: z.boolean().default(false),
    original_pdf: Revision.nullable(),
    preview_webp: Revision.nullable(),
    scaled_png: Revision.nullable(),
    vector_svg: Revision.nullable(),
    tiles: z.record(z.string().regex(/^(0|[1-9][0-9]*)_(0|[1-9][0-9]*)_(0|[1-9][0-9]*)$/), Revision).nullable(),
  })
  .openapi('ArtifactVersions');

export const BlueprintFileUrlsResponse = z
  .object({
    blueprint_id: z.string(),
    manifest_version: z.literal(1).default(1),
    artifact_versions: ArtifactVersions.nullable().optional(),
    window_expires_at: z.number().int().openapi({ description: 'Epoch seconds at which every URL in the response expires.' }),
    refresh_after: z.number().int().openapi({ description: 'Epoch seconds after which a fresh call returns new URLs.' }),
    urls: z.object({
      original_pdf: z.string().nullable(),
      preview_webp: z.string().nullable(),
      scaled_png: z.string().nullable(),
      vector_svg: z.string().nullable(),
      tiles: z.record(z.string(), z.string()).openapi({
        description:
          'Tile name z.x.y.png → signed URL. 256-px tiles; z = 0 holds the whole sheet; at the deepest z one tile pixel is one blueprint unit; the sheet sits at the top-left of the 256·2^z square.',
      }),
    }),
  })
  .openapi('BlueprintFileUrlsResponse');

// ---------- Uploads ----------
export const UploadQuery = z.object({ project_id: z.string().optional() });
export const UploadResponse = z
  .object({ job_id: z.string().openapi({ format: 'uuid' }), project_id: z.string() })
  .openapi('UploadResponse');

export const InitUploadRequest = z
  .object({
    project_id: z.string().nullish(),
    filename: z.string().max(1024).nullish(),
    mime_type: z.literal('application/pdf').nullish().openapi({ description: 'Only application/pdf.' }),
  })
  .openapi('InitUploadRequest');

export const InitUploadResponse = z
  .object({
    file_uuid: z.string(),
    user_id: z.string(),
    project_id: z.string(),
    signed_url: z.string(),
    method: z.literal('PUT').default('PUT'),
    expires_in: z.number().int(),
    required_headers: z.record(z.string(), z.string()),
  })
  .openapi('InitUploadResponse');

export const CompleteUploadRequest = z.object({ file_uuid: z.string().min(1) }).openapi('CompleteUploadRequest');

// ---------- Widget sessions ----------
export const WidgetSessionRequest = z
  .object({
    blueprint_id: z.string().min(1),
    mode: z.enum(['view', 'edit']),
    ttl_seconds: z.number().int().min(60).max(12 * 3600).optional(),
  })
  .openapi('WidgetSessionRequest');
export const WidgetSessionResponse = z
  .object({ token: z.string(), expires_at: DateTime, blueprint_id: z.string(), mode: z.enum(['view', 'edit']) })
  .openapi('WidgetSessionResponse');

export { Message, z };
