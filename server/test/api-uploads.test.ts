import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realplans, startTestServer, type TestServer } from './support/server.ts';
import { ApiClient } from './support/client.ts';

const FIRST_FLOOR = path.join(realplans, 'ebrivera-takeoffs/first-floor.pdf');

let server: TestServer;
let alice: ApiClient;
let bob: ApiClient;
let pdf: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  // Small limits so the 413 paths can be exercised with small bodies.
  server = await startTestServer({ MAX_DIRECT_UPLOAD_BYTES: String(300_000), MAX_UPLOAD_BYTES: String(400_000) });
  alice = new ApiClient(server.url, await server.createKey('alice'));
  bob = new ApiClient(server.url, await server.createKey('bob'));
  pdf = new Uint8Array(await readFile(FIRST_FLOOR));
});
afterAll(() => server?.close());

async function putToSignedUrl(init: { signed_url: string; method: string; required_headers: Record<string, string> }, body: Uint8Array<ArrayBuffer>, headers = init.required_headers) {
  return fetch(init.signed_url, { method: init.method, headers, body });
}

describe('direct upload', () => {
  it('creates a job in the Default Project, and the job names the blueprint', async () => {
    const reply = await alice.uploadBytes(pdf, 'first-floor.pdf');
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['job_id', 'project_id']);
    expect(reply.body.job_id).toMatch(/^[0-9a-f-]{36}$/);
    const project = (await alice.get(`/v1/projects/${reply.body.project_id}`)).body.project;
    expect(project.name).toBe('Default Project');
    const job = project.jobs[reply.body.job_id];
    expect(job).toMatchObject({ id: reply.body.job_id, filename: 'first-floor.pdf' });
    expect(['PENDING', 'RUNNING', 'SUCCEEDED']).toContain(job.status);
    expect(typeof job.blueprint_id).toBe('string');
  });

  it('uploads into a named project; another user\'s project is 404', async () => {
    const project = (await alice.post('/v1/projects', { name: 'Named' })).body.project;
    const reply = await alice.uploadBytes(pdf, 'a.pdf', `?project_id=${project.id}`);
    expect(reply.body.project_id).toBe(project.id);
    const foreign = await bob.uploadBytes(pdf, 'a.pdf', `?project_id=${project.id}`);
    expect(foreign.status).toBe(404);
  });

  it('judges PDFs by content and rejects empty, non-PDF and missing files with 422 at body.file', async () => {
    const before = (await alice.get('/v1/projects')).body.projects;
    const png = await alice.uploadBytes(new Uint8Array(await readFile(path.join(realplans, 'asheville/ash-1.png'))), 'plan.pdf');
    expect(png.status).toBe(422);
    expect(png.body.detail[0].loc).toEqual(['body', 'file']);
    const empty = await alice.uploadBytes(new Uint8Array(), 'empty.pdf');
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0].loc).toEqual(['body', 'file']);
    const form = new FormData();
    form.append('other', 'x');
    const missing = await alice.request('POST', '/v1/blueprints/upload', { body: form });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'missing' });
    // A PDF named .png is still a PDF.
    expect((await alice.uploadBytes(pdf, 'scan.png')).status).toBe(200);
    const notMultipart = await alice.request('POST', '/v1/blueprints/upload', { body: pdf, headers: { 'content-type': 'application/pdf' } });
    expect(notMultipart.status).toBe(415);
    // Rejected uploads left no jobs behind.
    const after = (await alice.get('/v1/projects')).body.projects;
    expect(after.length).toBe(before.length);
  });

  it('answers 413 above the direct upload limit', async () => {
    const big = new Uint8Array(350_000);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const reply = await alice.uploadBytes(big, 'big.pdf');
    expect(reply.status).toBe(413);
    expect(reply.body.detail).toMatch(/limit/);
  });

  it('sanitises file names: no path, no control characters, a UTC timestamp when nothing is left', async () => {
    const evil = await alice.uploadBytes(pdf, '../../etc/pass\u0007wd.pdf');
    const jobs = (await alice.get(`/v1/projects/${evil.body.project_id}/jobs`)).body.jobs;
    expect(jobs[evil.body.job_id].filename).toBe('passwd.pdf');
    const init = await alice.post('/v1/blueprints/upload/init', {});
    const put = await putToSignedUrl(init.body, pdf);
    expect(put.status).toBe(200);
    const done = await alice.post('/v1/blueprints/upload/complete', { file_uuid: init.body.file_uuid });
    const job = (await alice.get(`/v1/projects/${done.body.project_id}/jobs/${done.body.job_id}`)).body.job;
    expect(job.filename).toMatch(/^blueprint-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.pdf$/);
  });

  it('makes exactly one Default Project under 20 concurrent first uploads of a new user', async () => {
    const dave = new ApiClient(server.url, await server.createKey('dave'));
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => dave.uploadBytes(pdf, `sheet-${i}.pdf`)));
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    const projects = (await dave.get('/v1/projects')).body.projects;
    expect(projects).toHaveLength(1);
    expect(new Set(replies.map((r) => r.body.project_id))).toEqual(new Set([projects[0].id]));
    const jobs = (await dave.get(`/v1/projects/${projects[0].id}/jobs`)).body.jobs;
    expect(Object.keys(jobs)).toHaveLength(20);
    expect(new Set(Object.values(jobs).map((job: any) => job.blueprint_id)).size).toBe(20);
    // Stop the queue from working through 20 sheets on a 2-core test machine.
    await Promise.all(Object.keys(jobs).map((id) => dave.delete(`/v1/projects/${projects[0].id}/jobs/${id}`)));
  });
});

describe('two-step upload', () => {
  it('init → PUT with the required headers → complete, and complete twice gives the same job', async () => {
    const init = await alice.post('/v1/blueprints/upload/init', { filename: 'Level 1.pdf', mime_type: 'application/pdf' });
    expect(init.status).toBe(200);
    expect(init.body).toMatchObject({ user_id: 'alice', method: 'PUT', required_headers: { 'Content-Type': 'application/pdf' } });
    expect(init.body.expires_in).toBeGreaterThan(0);
    expect(init.body.signed_url).toMatch(new RegExp(`^${server.url}/uploads/${init.body.file_uuid}\\?`));

    const notYet = await alice.post('/v1/blueprints/upload/complete', { file_uuid: init.body.file_uuid });
    expect(notYet.status).toBe(409);

    expect((await putToSignedUrl(init.body, pdf)).status).toBe(200);
    const [first, second] = await Promise.all([
      alice.post('/v1/blueprints/upload/complete', { file_uuid: init.body.file_uuid }),
      alice.post('/v1/blueprints/upload/complete', { file_uuid: init.body.file_uuid }),
    ]);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const third = await alice.post('/v1/blueprints/upload/complete', { file_uuid: init.body.file_uuid });
    expect(third.body).toEqual(first.body);
    const jobs = (await alice.get(`/v1/projects/${first.body.project_id}/jobs`)).body.jobs;
    expect(Object.values(jobs).filter((job: any) => job.filename === 'Level 1.pdf')).toHaveLength(1);
    // The upload URL is spent once completed.
    expect((await putToSignedUrl(init.body, pdf)).status).toBe(409);
  });

  it('enforces the signature: a wrong or missing required header, or an altered URL, is 403', async () => {
    const init = (await alice.post('/v1/blueprints/upload/init', {})).body;
    expect((await putToSignedUrl(init, pdf, { 'Content-Type': 'application/octet-stream' })).status).toBe(403);
    expect((await fetch(init.signed_url, { method: 'PUT', body: pdf })).status).toBe(403);
    const altered = init.signed_url.replace(/expires=(\d+)/, (_: string, e: string) => `expires=${Number(e) + 1000}`);
    expect((await fetch(altered, { method: 'PUT', headers: init.required_headers, body: pdf })).status).toBe(403);
    expect((await alice.post('/v1/blueprints/upload/complete', { file_uuid: init.file_uuid })).status).toBe(409);
  });

  it('rejects what the spec forbids: other MIME types (422), unknown or foreign file_uuid (404), non-PDF bytes (422), oversize (413)', async () => {
    const noBody = await alice.request('POST', '/v1/blueprints/upload/init');
    expect(noBody.status).toBe(422);
    expect(noBody.body.detail).toEqual([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
    const mime = await alice.post('/v1/blueprints/upload/init', { mime_type: 'image/png' });
    expect(mime.status).toBe(422);
    expect(mime.body.detail[0].loc).toEqual(['body', 'mime_type']);
    expect((await alice.post('/v1/blueprints/upload/complete', { file_uuid: 'nope' })).status).toBe(404);
    expect((await alice.post('/v1/blueprints/upload/complete', {})).body.detail[0]).toMatchObject({ loc: ['body', 'file_uuid'], type: 'missing' });

    const init = (await alice.post('/v1/blueprints/upload/init', {})).body;
    expect((await bob.post('/v1/blueprints/upload/complete', { file_uuid: init.file_uuid })).status).toBe(404);
    await putToSignedUrl(init, new TextEncoder().encode('hello, not a pdf'));
    const notPdf = await alice.post('/v1/blueprints/upload/complete', { file_uuid: init.file_uuid });
    expect(notPdf.status).toBe(422);
    expect(notPdf.body.detail[0].loc).toEqual(['body', 'file_uuid']);

    const big = (await alice.post('/v1/blueprints/upload/init', {})).body;
    expect((await putToSignedUrl(big, new Uint8Array(450_000))).status).toBe(413);
    expect((await alice.post('/v1/blueprints/upload/complete', { file_uuid: big.file_uuid })).status).toBe(409);
  });
});

describe('expired uploads', () => {
  it('refuses an expired signed URL (403) and an expired pending upload (409)', async () => {
    const shortLived = await startTestServer({ UPLOAD_URL_TTL_SECONDS: '1' });
    try {
      const client = new ApiClient(shortLived.url, await shortLived.createKey('erin'));
      const init = (await client.post('/v1/blueprints/upload/init', {})).body;
      expect(init.expires_in).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const put = await putToSignedUrl(init, pdf);
      expect(put.status).toBe(403);
      expect((await put.json()).detail).toMatch(/expired/);
      const complete = await client.post('/v1/blueprints/upload/complete', { file_uuid: init.file_uuid });
      expect(complete.status).toBe(409);
      expect(complete.body.detail).toMatch(/expired/);
    } finally {
      await shortLived.close();
    }
  });
});
