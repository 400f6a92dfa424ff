// API keys: `bpk_<key id>_<secret>`. Only a SHA-256 of the secret is stored, so a key is shown once.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from './db.ts';

export interface ApiKeyRecord {
  id: string;
  user_id: string;
  name: string | null;
  created: string;
  revoked_at: string | null;
}

const KEY_PATTERN = /^bpk_([a-z0-9]{16})_([A-Za-z0-9_-]{43})$/;

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function toRecord(row: Record<string, unknown>): ApiKeyRecord {
  return {
    id: row.id as string,
    user_id: row.user_id as string,
    name: (row.name as string | null) ?? null,
    created: new Date(row.created as string).toISOString(),
    revoked_at: row.revoked_at ? new Date(row.revoked_at as string).toISOString() : null,
  };
}

export async function createApiKey(db: Queryable, userId: string, name: string | null): Promise<{ record: ApiKeyRecord; key: string }> {
  const id = randomBytes(10).toString('hex').slice(0, 16);
  const secret = randomBytes(32).toString('base64url');
  const { rows } = await db.query(
    'INSERT INTO api_keys (id, user_id, name, secret_hash) VALUES ($1, $2, $3, $4) RETURNING *',
    [id, userId, name, hashSecret(secret)],
  );
  return { record: toRecord(rows[0]), key: `bpk_${id}_${secret}` };
}

export async function listApiKeys(db: Queryable, userId: string): Promise<ApiKeyRecord[]> {
  const { rows } = await db.query('SELECT * FROM api_keys WHERE user_id = $1 ORDER BY created, id', [userId]);
  return rows.map(toRecord);
}

export async function revokeApiKey(db: Queryable, keyId: string): Promise<ApiKeyRecord | null> {
  const { rows } = await db.query(
    'UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 RETURNING *',
    [keyId],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

export type KeyCheck = { ok: true; userId: string; keyId: string } | { ok: false; reason: 'malformed' | 'unknown' | 'revoked' };

export async function authenticateApiKey(db: Queryable, presented: string): Promise<KeyCheck> {
  const match = KEY_PATTERN.exec(presented);
  if (!match) return { ok: false, reason: 'malformed' };
  const { rows } = await db.query<{ user_id: string; secret_hash: string; revoked_at: unknown }>(
    'SELECT user_id, secret_hash, revoked_at FROM api_keys WHERE id = $1',
    [match[1]],
  );
  const row = rows[0];
  if (!row) return { ok: false, reason: 'unknown' };
  const expected = Buffer.from(row.secret_hash, 'hex');
  const given = Buffer.from(hashSecret(match[2]), 'hex');
  if (!timingSafeEqual(expected, given)) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  return { ok: true, userId: row.user_id, keyId: match[1] };
}
