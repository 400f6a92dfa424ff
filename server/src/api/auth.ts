// Bearer authentication. Partners' backends use API keys; browsers use short-lived widget tokens
// scoped to one blueprint and mode, so an API key never has to reach a browser.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import type { Queryable } from '../store/db.ts';
import { authenticateApiKey } from '../store/keys.ts';
import { HttpError } from './errors.ts';

export type WidgetMode = 'view' | 'edit';

export type Principal =
  | { via: 'api_key'; userId: string; keyId: string }
  | { via: 'widget'; userId: string; blueprintId: string; mode: WidgetMode };

const WIDGET_PREFIX = 'bpw_';

interface WidgetClaims {
  u: string;
  b: string;
  m: WidgetMode;
  e: number;
}

function widgetSignature(secret: string, payload: string): string {
  return createHmac('sha256', `widget-token:${secret}`).update(payload).digest('base64url');
}

export function issueWidgetToken(secret: string, claims: { userId: string; blueprintId: string; mode: WidgetMode; expiresAt: number }): string {
  const payload = Buffer.from(
    JSON.stringify({ u: claims.userId, b: claims.blueprintId, m: claims.mode, e: claims.expiresAt } satisfies WidgetClaims),
  ).toString('base64url');
  return `${WIDGET_PREFIX}${payload}.${widgetSignature(secret, payload)}`;
}

function unauthorized(detail: string): HttpError {
  return new HttpError(401, detail, { 'WWW-Authenticate': 'Bearer' });
}

function readWidgetToken(secret: string, token: string, nowSeconds: number): Principal {
  const [payload, signature] = token.slice(WIDGET_PREFIX.length).split('.');
  if (!payload || !signature) throw unauthorized('Malformed widget token');
  const expected = Buffer.from(widgetSignature(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw unauthorized('Invalid widget token');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as WidgetClaims;
  if (claims.e <= nowSeconds) throw unauthorized('Widget token expired');
  return { via: 'widget', userId: claims.u, blueprintId: claims.b, mode: claims.m };
}

export function bearerAuthenticator(db: Queryable, secret: string) {
  return async (ctx: Context, allowWidgetToken: boolean): Promise<Principal> => {
    const header = ctx.get('authorization');
    if (!header) throw unauthorized('Missing Authorization header: send "Authorization: Bearer <API key>"');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthorized('Malformed Authorization header: expected "Bearer <API key>"');
    const token = match[1];
    if (token.startsWith(WIDGET_PREFIX)) {
      if (!allowWidgetToken) throw unauthorized('A widget token cannot call this endpoint; use an API key');
      return readWidgetToken(secret, token, Math.floor(Date.now() / 1000));
    }
    const check = await authenticateApiKey(db, token);
    if (!check.ok) {
      const reasons = { malformed: 'Malformed API key', unknown: 'Unknown API key', revoked: 'API key revoked' };
      throw unauthorized(reasons[check.reason]);
    }
    return { via: 'api_key', userId: check.userId, keyId: check.keyId };
  };
}

/** Widget tokens reach only their own blueprint; anything else looks missing, as for other users. */
export function assertBlueprintAccess(principal: Principal, blueprintId: string, needsEdit: boolean): void {
  if (principal.via !== 'widget') return;
  if (principal.blueprintId !== blueprintId) throw new HttpError(404, 'Blueprint not found');
  if (needsEdit && principal.mode !== 'edit') throw new HttpError(403, 'This widget session is view-only');
}
