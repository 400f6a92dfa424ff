// A stand-in for the blueprint server's HTTP API, for the widget's component tests. It sits at
// the network boundary (a dev-server middleware answering real fetches) and follows the contract
// the widget relies on: bearer widget tokens, words paged with include_text/text_limit/text_offset,
// an ETag on reads, If-Match on PUT answered with 412 when the blueprint changed, 401 on PUT with a
// view token, and signed file URLs.
//
// Tests set it up through /__fake-api/…: register a blueprint with its tokens and file URLs,
// upload artifacts (PDFs, tiles), publish tiles later, read back what was saved, and simulate
// another editor's save.

/** @typedef {{ record: any, words: any[], files: any, tokens: Record<string, 'view' | 'edit'>, puts: number }} Entry */

/** @type {Map<string, Entry>} */
const blueprints = new Map();
/** @type {Map<string, { type: string, body: Buffer }>} */
const artifacts = new Map();
let clock = Date.parse('2026-01-01T00:00:00Z');

function nextTimestamp() {
  clock += 1000;
  return new Date(clock).toISOString();
}

async function readBody(ctx) {
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function reply(ctx, status, body, headers = {}) {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(headers)) ctx.set(name, value);
  ctx.body = body;
}

function etag(entry) {
  return `"${entry.record.updated}"`;
}

/** The entry, if the bearer token may open it; otherwise answers 401/404 and returns null. */
function authorise(ctx, id) {
  const entry = blueprints.get(id);
  const token = /^Bearer (.+)$/.exec(ctx.get('Authorization') ?? '')?.[1];
  if (entry === undefined) {
    reply(ctx, 404, { detail: `Blueprint ${id} not found` });
    return null;
  }
  if (token === undefined || entry.tokens[token] === undefined) {
    reply(ctx, 401, { detail: 'Invalid or expired widget token' });
    return null;
  }
  return { entry, mode: entry.tokens[token] };
}

async function handleTestSetup(ctx, path) {
  if (ctx.method === 'POST' && path === '/__fake-api/blueprints') {
    const setup = JSON.parse((await readBody(ctx)).toString('utf8'));
    const record = { created: nextTimestamp(), ...setup.blueprint, updated: nextTimestamp() };
    blueprints.set(record.id, { record, words: setup.words ?? [], files: setup.files, tokens: setup.tokens, puts: 0 });
    return reply(ctx, 201, { id: record.id, updated: record.updated });
  }
  const stateMatch = /^\/__fake-api\/blueprints\/([^/]+)(\/touch|\/files)?$/.exec(path);
  if (stateMatch !== null) {
    const entry = blueprints.get(decodeURIComponent(stateMatch[1]));
    if (entry === undefined) return reply(ctx, 404, { detail: 'unknown blueprint' });
    if (stateMatch[2] === '/touch' && ctx.method === 'POST') entry.record.updated = nextTimestamp();
    if (stateMatch[2] === '/files' && ctx.method === 'POST') entry.files = JSON.parse((await readBody(ctx)).toString('utf8'));
    return reply(ctx, 200, { blueprint: entry.record, puts: entry.puts });
  }
  const artifactMatch = /^\/__fake-api\/artifacts\/([\w.-]+)$/.exec(path);
  if (artifactMatch !== null) {
    const name = artifactMatch[1];
    if (ctx.method === 'PUT') {
      artifacts.set(name, { type: ctx.get('Content-Type') || 'application/octet-stream', body: await readBody(ctx) });
      return reply(ctx, 201, { url: path });
    }
    const artifact = artifacts.get(name);
    if (artifact === undefined) return reply(ctx, 404, 'missing artifact');
    ctx.type = artifact.type;
    return reply(ctx, 200, artifact.body);
  }
  return reply(ctx, 404, { detail: 'unknown test route' });
}

async function handleApi(ctx, id, files) {
  const access = authorise(ctx, id);
  if (access === null) return;
  const { entry, mode } = access;
  if (files && ctx.method === 'GET') {
    const now = Math.floor(Date.now() / 1000);
    return reply(ctx, 200, {
      blueprint_id: id,
      manifest_version: 1,
      artifact_versions: null,
      window_expires_at: now + 3600,
      refresh_after: now + 1800,
      ...entry.files,
    });
  }
  if (ctx.method === 'GET') {
    const query = ctx.URL.searchParams;
    const blueprint = { ...entry.record, text: [], text_total: null };
    if (query.get('include_text') === 'true') {
      const limit = Number(query.get('text_limit') ?? 1000);
      const offset = Number(query.get('text_offset') ?? 0);
      blueprint.text = entry.words.slice(offset, offset + limit);
      blueprint.text_total = entry.words.length;
    }
    return reply(ctx, 200, { blueprint, message: 'Blueprint fetched' }, { ETag: etag(entry) });
  }
  if (ctx.method === 'PUT') {
    if (mode !== 'edit') return reply(ctx, 401, { detail: 'This widget token is read-only' });
    if (ctx.get('If-Match') !== etag(entry)) {
      return reply(ctx, 412, { detail: 'The blueprint was modified since it was loaded' });
    }
    const body = JSON.parse((await readBody(ctx)).toString('utf8'));
    if (body.scale != null) entry.record.scale = body.scale;
    if (body.geojson != null) entry.record.geojson = body.geojson;
    entry.record.updated = nextTimestamp();
    entry.puts += 1;
    return reply(ctx, 200, { blueprint: entry.record, message: 'Blueprint updated' }, { ETag: etag(entry) });
  }
  return reply(ctx, 405, { detail: 'Method not allowed' });
}

export function fakeApiMiddleware() {
  return async (ctx, next) => {
    const path = ctx.path;
    if (path.startsWith('/__fake-api/')) return handleTestSetup(ctx, path);
    const api = /^\/v1\/blueprints\/([^/]+)(\/files)?$/.exec(path);
    if (api !== null) return handleApi(ctx, decodeURIComponent(api[1]), api[2] !== undefined);
    return next();
  };
}
