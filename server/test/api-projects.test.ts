import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.ts';
import { ApiClient } from './support/client.ts';

let server: TestServer;
let alice: ApiClient;
let bob: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  alice = new ApiClient(server.url, await server.createKey('alice', 'laptop'));
  bob = new ApiClient(server.url, await server.createKey('bob'));
});
afterAll(() => server?.close());

describe('authentication', () => {
  it('answers 401 with WWW-Authenticate for missing, malformed, unknown and revoked keys', async () => {
    const cases: [string | null, RegExp][] = [
      [null, /Missing Authorization/],
      ['not-a-key', /Malformed API key/],
      ['bpk_0123456789abcdef_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', /Unknown API key/],
    ];
    for (const [token, detail] of cases) {
      const reply = await new ApiClient(server.url, token).get('/v1/projects');
      expect(reply.status).toBe(401);
      expect(reply.body.detail).toMatch(detail);
      expect(reply.headers.get('www-authenticate')).toBe('Bearer');
    }
    const basic = await fetch(`${server.url}/v1/projects`, { headers: { authorization: 'Basic abc' } });
    expect(basic.status).toBe(401);
    expect((await basic.json()).detail).toMatch(/Malformed Authorization header/);
  });

  it('manages keys with the CLI while the server runs: create, list, revoke', async () => {
    const key = await server.createKey('carol', 'ci');
    expect(key).toMatch(/^bpk_[a-z0-9]{16}_/);
    const carol = new ApiClient(server.url, key);
    expect((await carol.get('/v1/projects')).status).toBe(200);
    const listed = await server.keysCli('list', '--user', 'carol');
    const keyId = key.split('_')[1];
    expect(listed.stdout).toContain(keyId);
    expect(listed.stdout).toContain('name=ci');
    expect(listed.stdout).not.toContain(key.split('_').slice(2).join('_'));
    await server.keysCli('revoke', keyId);
    const revoked = await carol.get('/v1/projects');
    expect(revoked.status).toBe(401);
    expect(revoked.body.detail).toMatch(/revoked/);
    expect((await server.keysCli('list', '--user', 'carol')).stdout).toContain('REVOKED');
  });
});

describe('projects', () => {
  it('creates, reads, lists, updates and deletes a project', async () => {
    const created = await alice.post('/v1/projects', { name: 'Harbour offices', description: 'Level 2' });
    expect(created.status).toBe(201);
    const project = created.body.project;
    expect(project).toMatchObject({ name: 'Harbour offices', description: 'Level 2' });
    expect(typeof project.id).toBe('string');
    expect(Number.isInteger(project.last_modified)).toBe(true);

    const read = await alice.get(`/v1/projects/${project.id}`);
    expect(read.status).toBe(200);
    expect(read.body.project).toMatchObject({ id: project.id, jobs: {}, blueprint_records: {} });
    expect(typeof read.body.message).toBe('string');

    const defaults = await alice.post('/v1/projects', { name: 'No description' });
    expect(defaults.body.project.description).toBe('');

    const listed = await alice.get('/v1/projects');
    expect(listed.body.projects.map((p: { id: string }) => p.id)).toContain(project.id);

    const patched = await alice.patch(`/v1/projects/${project.id}`, { description: 'Level 3' });
    expect(patched.status).toBe(200);
    expect(patched.body.project).toMatchObject({ name: 'Harbour offices', description: 'Level 3' });
    expect(patched.body.project.last_modified).toBeGreaterThanOrEqual(project.last_modified);
    const renamed = await alice.patch(`/v1/projects/${project.id}`, { name: 'Harbour', description: null });
    expect(renamed.body.project).toMatchObject({ name: 'Harbour', description: 'Level 3' });

    const deleted = await alice.delete(`/v1/projects/${project.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.project_id).toBe(project.id);
    expect((await alice.get(`/v1/projects/${project.id}`)).status).toBe(404);
    expect((await alice.delete(`/v1/projects/${project.id}`)).status).toBe(404);
  });

  it('rejects invalid bodies with 422 in FastAPI shape, changing nothing', async () => {
    const before = (await alice.get('/v1/projects')).body.projects.length;
    const missing = await alice.post('/v1/projects', { description: 'x' });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([{ loc: ['body', 'name'], msg: 'Field required', type: 'missing' }]);

    const tooLong = await alice.post('/v1/projects', { name: 'x'.repeat(257), description: 'd'.repeat(2049) });
    expect(tooLong.status).toBe(422);
    const locs = tooLong.body.detail.map((issue: { loc: unknown[] }) => issue.loc);
    expect(locs).toEqual(expect.arrayContaining([['body', 'name'], ['body', 'description']]));
    for (const issue of tooLong.body.detail) expect(issue.type).toBe('string_too_long');

    const empty = await alice.post('/v1/projects', { name: '' });
    expect(empty.body.detail[0]).toMatchObject({ loc: ['body', 'name'], type: 'string_too_short' });

    const wrongType = await alice.post('/v1/projects', { name: 42 });
    expect(wrongType.body.detail[0]).toMatchObject({ loc: ['body', 'name'], type: 'string_type' });

    const malformed = await alice.request('POST', '/v1/projects', { body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });

    const notJson = await alice.request('POST', '/v1/projects', { body: 'name=x', headers: { 'content-type': 'text/plain' } });
    expect(notJson.status).toBe(415);
    expect(typeof notJson.body.detail).toBe('string');

    const patchEmptyName = await alice.patch('/v1/projects/whatever', { name: '' });
    expect(patchEmptyName.status).toBe(422);
    expect((await alice.get('/v1/projects')).body.projects.length).toBe(before);
  });

  it('never shows one user\'s projects to another: 404 exactly as for a missing id', async () => {
    const project = (await alice.post('/v1/projects', { name: 'Private' })).body.project;
    const missing = await bob.get('/v1/projects/00000000-0000-0000-0000-000000000000');
    for (const reply of [
      await bob.get(`/v1/projects/${project.id}`),
      await bob.patch(`/v1/projects/${project.id}`, { name: 'Hijacked' }),
      await bob.delete(`/v1/projects/${project.id}`),
      await bob.get(`/v1/projects/${project.id}/jobs`),
    ]) {
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(missing.body);
    }
    expect((await bob.get('/v1/projects')).body.projects.map((p: { id: string }) => p.id)).not.toContain(project.id);
    expect((await alice.get(`/v1/projects/${project.id}`)).body.project.name).toBe('Private');
  });
});

describe('service endpoints', () => {
  it('serves health, readiness, an OpenAPI 3.1 document and a docs page', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const openapi = await (await fetch(`${server.url}/openapi.json`)).json();
    expect(openapi.openapi).toBe('3.1.0');
    const expected = [
      ['post', '/v1/blueprints/upload'],
      ['post', '/v1/blueprints/upload/init'],
      ['post', '/v1/blueprints/upload/complete'],
      ['get', '/v1/blueprints/{blueprint_id}/files'],
      ['get', '/v1/blueprints/{blueprint_id}'],
      ['put', '/v1/blueprints/{blueprint_id}'],
      ['get', '/v1/projects'],
      ['post', '/v1/projects'],
      ['get', '/v1/projects/{project_id}'],
      ['patch', '/v1/projects/{project_id}'],
      ['delete', '/v1/projects/{project_id}'],
      ['get', '/v1/projects/{project_id}/jobs'],
      ['get', '/v1/projects/{project_id}/jobs/{job_id}'],
      ['delete', '/v1/projects/{project_id}/jobs/{job_id}'],
      ['post', '/v1/projects/{project_id}/jobs/{job_id}/cancel'],
      ['post', '/v1/widget/sessions'],
    ];
    for (const [method, route] of expected) expect(openapi.paths[route]?.[method], `${method} ${route}`).toBeDefined();
    expect(openapi.components.schemas.JobPublic.properties.status.enum).toEqual(['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED']);
    expect(openapi.components.schemas.Scale.required).toEqual(expect.arrayContaining(['drawing', 'real', 'type', 'units']));
    // Decisions the interface leaves open are stated where a partner reads the schema.
    expect(JSON.stringify(openapi)).toContain('a folding (bifold) door');
    const docs = await fetch(`${server.url}/docs`);
    expect(docs.headers.get('content-type')).toMatch(/text\/html/);
    const html = await docs.text();
    expect(html).toContain('/v1/blueprints/upload/complete');
    expect(html).toContain('BlueprintFileUrlsResponse');
  });

  it('logs one JSON line per request with a request id', async () => {
    const reply = await fetch(`${server.url}/v1/projects`, { headers: { 'x-request-id': 'trace-me-123' } });
    expect(reply.headers.get('x-request-id')).toBe('trace-me-123');
    // LOG_LEVEL=warn in tests hides info lines; 401s are info. Verify the shape on a fresh server instead.
    const verbose = await startTestServer({ LOG_LEVEL: 'info' });
    try {
      await fetch(`${verbose.url}/v1/projects`, { headers: { 'x-request-id': 'trace-me-456' } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const line = verbose
        .logs()
        .split('\n')
        .find((l) => l.includes('trace-me-456'));
      expect(line).toBeDefined();
      expect(JSON.parse(line!)).toMatchObject({ request_id: 'trace-me-456', method: 'GET', path: '/v1/projects', status: 401 });
    } finally {
      await verbose.close();
    }
  });
});
