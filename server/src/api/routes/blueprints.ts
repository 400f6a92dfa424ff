import type { Services } from '../../services.ts';
import { withMeasurements } from '../../../../core/src/measure.ts';
import type { BlueprintFeatureCollection, Scale } from '../../../../core/src/types.ts';
import {
  BlueprintFileUrlsResponse,
  BlueprintPublic,
  BlueprintReadQuery,
  BlueprintUpdate,
  Message,
  WidgetSessionRequest,
  WidgetSessionResponse,
  z,
} from '../schemas.ts';
import type { ApiDefinition } from '../route.ts';
import { HttpError, notFound, orNotFound } from '../errors.ts';
import { blueprintEtag, blueprintPublic } from '../present.ts';
import { assertBlueprintAccess, issueWidgetToken } from '../auth.ts';
import { countWords, getBlueprint, getWords, updateBlueprintContent } from '../../store/blueprints.ts';
import { blueprintFileUrls } from '../../files/urls.ts';

const BlueprintParams = z.object({ blueprint_id: z.string() });

/** `If-Match: "r12"` → 12; absent or `*` → unconditional. */
function expectedRevision(ifMatch: string): number | null {
  if (!ifMatch || ifMatch.trim() === '*') return null;
  const match = /^(?:W\/)?"r(\d+)"$/.exec(ifMatch.trim());
  if (!match) throw new HttpError(412, 'If-Match must be an ETag returned by GET /v1/blueprints/{blueprint_id}');
  return Number(match[1]);
}

export function blueprintRoutes(api: ApiDefinition, services: Services): void {
  const { db, config } = services;

  const requireBlueprint = (userId: string, blueprintId: string) => orNotFound(getBlueprint(db, userId, blueprintId), 'Blueprint');

  api.add({
    method: 'get',
    path: '/v1/blueprints/{blueprint_id}',
    tag: 'Blueprints',
    summary: 'Read a blueprint',
    description:
      'Coordinates are pixels of scaled_png (origin top-left, x right, y down; 1 unit = 1/url_dpi inch of paper). Words are returned only with include_text=true, in a stable order; page with text_limit/text_offset until text_total words were seen. The ETag header identifies this version for If-Match on PUT. Accepts widget tokens for their own blueprint.',
    allowWidgetToken: true,
    params: BlueprintParams,
    query: BlueprintReadQuery,
    responses: {
      200: { description: 'Blueprint', schema: z.object({ blueprint: BlueprintPublic, message: Message.nullable() }) },
      404: { description: 'No such blueprint for this user' },
    },
    handler: async ({ principal, params, query }) => {
      assertBlueprintAccess(principal, params.blueprint_id, false);
      const row = await requireBlueprint(principal.userId, params.blueprint_id);
      const blueprint: Record<string, unknown> = blueprintPublic(row);
      if (query.include_text) {
        const [text, total] = await Promise.all([getWords(db, row.id, query.text_limit, query.text_offset), countWords(db, row.id)]);
        blueprint.text = text;
        blueprint.text_total = total;
      } else {
        blueprint.text = [];
        blueprint.text_total = null;
      }
      return { body: { blueprint, message: 'Blueprint fetched' }, headers: { ETag: blueprintEtag(row) } };
    },
  });

  api.add({
    method: 'put',
    path: '/v1/blueprints/{blueprint_id}',
    tag: 'Blueprints',
    summary: 'Replace the scale and/or the feature collection',
    description:
      'Both fields are optional; `scale: null` clears the scale. Every `measurements` field is recomputed from geometry and scale with planar maths (null without a trustworthy scale). `text` is ignored. Send `If-Match` with the ETag of your GET to avoid overwriting someone else\'s change: a stale ETag answers 412 and changes nothing. A rejected PUT changes nothing. Accepts edit-mode widget tokens for their own blueprint.',
    allowWidgetToken: true,
    params: BlueprintParams,
    body: BlueprintUpdate,
    responses: {
      200: { description: 'Updated', schema: z.object({ blueprint: BlueprintPublic.nullable(), message: Message }) },
      403: { description: 'A view-only widget token' },
      404: { description: 'No such blueprint for this user' },
      412: { description: 'If-Match does not match the current version' },
    },
    handler: async ({ principal, params, body, ctx }) => {
      assertBlueprintAccess(principal, params.blueprint_id, true);
      const revision = expectedRevision(ctx.get('if-match'));
      const stale = () => new HttpError(412, 'The blueprint changed since you read it; read it again and reapply your change');
      // Measurements depend on the row read, so the write is conditional on that row's revision;
      // without If-Match a concurrent writer just means reading again.
      for (let attempt = 1; ; attempt++) {
        const row = await requireBlueprint(principal.userId, params.blueprint_id);
        if (revision !== null && row.revision !== revision) throw stale();
        const scale: Scale | null = body.scale === undefined ? row.scale : body.scale;
        const features = (body.geojson as BlueprintFeatureCollection | null | undefined) ?? row.geojson;
        const geojson = features ? withMeasurements(features, scale, row.url_dpi ?? config.renderDpi) : undefined;
        const updated = await updateBlueprintContent(
          db,
          principal.userId,
          row.id,
          { ...(body.scale !== undefined ? { scale: body.scale } : {}), ...(geojson ? { geojson } : {}) },
          row.revision,
        );
        if (updated === null) throw notFound('Blueprint');
        if (updated === 'conflict') {
          if (revision !== null || attempt === 3) throw stale();
          continue;
        }
        return {
          body: { blueprint: { ...blueprintPublic(updated), text: [], text_total: null }, message: 'Blueprint updated' },
          headers: { ETag: blueprintEtag(updated) },
        };
      }
    },
  });

  api.add({
    method: 'get',
    path: '/v1/blueprints/{blueprint_id}/files',
    tag: 'Blueprints',
    summary: 'Signed URLs for every file of a blueprint',
    description: `URLs are HMAC-signed and expire at window_expires_at (windows are ${config.fileUrlTtlSeconds} s long and aligned, so repeated calls return identical URLs until refresh_after; each URL stays valid at least ${config.fileUrlTtlSeconds} s after refresh_after). An altered or expired URL answers 403. Files carry Content-Type, ETag and support Range requests. Accepts widget tokens for their own blueprint.`,
    allowWidgetToken: true,
    params: BlueprintParams,
    responses: {
      200: { description: 'Signed URLs', schema: BlueprintFileUrlsResponse },
      404: { description: 'No such blueprint for this user' },
    },
    handler: async ({ principal, params }) => {
      assertBlueprintAccess(principal, params.blueprint_id, false);
      const row = await requireBlueprint(principal.userId, params.blueprint_id);
      return {
        body: blueprintFileUrls(row, {
          baseUrl: config.publicBaseUrl,
          secret: config.signingSecret,
          nowSeconds: Math.floor(Date.now() / 1000),
          ttlSeconds: config.fileUrlTtlSeconds,
        }),
      };
    },
  });

  api.add({
    method: 'post',
    path: '/v1/widget/sessions',
    tag: 'Widget',
    summary: 'Mint a browser token for the widget',
    description:
      'Called by the partner\'s backend with its API key. The token reaches only this blueprint: GET /v1/blueprints/{id}, GET /v1/blueprints/{id}/files, and PUT in edit mode. Default lifetime 1 hour (60 s to 12 h).',
    body: WidgetSessionRequest,
    responses: {
      200: { description: 'Token', schema: WidgetSessionResponse },
      404: { description: 'No such blueprint for this user' },
    },
    handler: async ({ principal, body }) => {
      await requireBlueprint(principal.userId, body.blueprint_id);
      const expiresAt = Math.floor(Date.now() / 1000) + (body.ttl_seconds ?? 3600);
      const token = issueWidgetToken(config.signingSecret, { userId: principal.userId, blueprintId: body.blueprint_id, mode: body.mode, expiresAt });
      return { body: { token, expires_at: new Date(expiresAt * 1000).toISOString(), blueprint_id: body.blueprint_id, mode: body.mode } };
    },
  });
}
