import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realplans, startTestServer, type TestServer } from './support/server.ts';
import { ApiClient } from './support/client.ts';

const FIRST_FLOOR = path.join(realplans, 'ebrivera-takeoffs/first-floor.pdf');
// A 42×30 in sheet with ~25k images: several seconds of rendering, long enough to act mid-run.
const LARGE_SHEET = path.join(realplans, 'va-finish-plan/sample-finish-plan.pdf');

let server: TestServer;
let alice: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  alice = new ApiClient(server.url, await server.createKey('alice'));
});
afterAll(() => server?.close());

const blueprintDir = (s: TestServer, blueprintId: string) => path.join(s.dataDir, 'files', 'blueprints', blueprintId);
const isRunning = (job: any) => job.status === 'RUNNING' && job.state === 'rendering';

describe('job lifecycle', () => {
  it('runs PENDING → RUNNING → SUCCEEDED with progress that never decreases', async () => {
    const upload = await alice.uploadFile(FIRST_FLOOR);
    const seen: { status: string; progress: number; state: string }[] = [];
    await alice.waitForJob(upload.body.project_id, upload.body.job_id, (job) => {
      seen.push(job);
      return job.status === 'SUCCEEDED';
    });
    const progress = seen.map((job) => job.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);
    for (const job of seen) expect(['PENDING', 'RUNNING', 'SUCCEEDED']).toContain(job.status);
  });

  it('cancels a RUNNING job: CANCELLED, no blueprint, no files; cancelling again is 409', async () => {
    const upload = await alice.uploadFile(LARGE_SHEET);
    const { project_id: projectId, job_id: jobId } = upload.body;
    const running = await alice.waitForJob(projectId, jobId, isRunning);
    const cancelled = await alice.post(`/v1/projects/${projectId}/jobs/${jobId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.job).toMatchObject({ id: jobId, status: 'CANCELLED', state: 'cancelled' });
    // Give the worker time to reach its next stage boundary; the job must stay cancelled.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const after = (await alice.get(`/v1/projects/${projectId}/jobs/${jobId}`)).body.job;
    expect(after.status).toBe('CANCELLED');
    expect((await alice.get(`/v1/blueprints/${running.blueprint_id}`)).status).toBe(404);
    expect((await alice.get(`/v1/projects/${projectId}`)).body.project.blueprint_records[running.blueprint_id]).toBeUndefined();
    expect(existsSync(blueprintDir(server, running.blueprint_id))).toBe(false);
    const again = await alice.post(`/v1/projects/${projectId}/jobs/${jobId}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/CANCELLED/);
  });

  it('answers 409 when cancelling a finished job, and deleting it keeps its blueprint', async () => {
    const upload = await alice.uploadFile(FIRST_FLOOR);
    const { project_id: projectId, job_id: jobId } = upload.body;
    const job = await alice.waitForJob(projectId, jobId);
    expect((await alice.post(`/v1/projects/${projectId}/jobs/${jobId}/cancel`)).status).toBe(409);
    const deleted = await alice.delete(`/v1/projects/${projectId}/jobs/${jobId}`);
    expect(deleted.body).toMatchObject({ job_id: jobId });
    expect((await alice.get(`/v1/projects/${projectId}/jobs/${jobId}`)).status).toBe(404);
    expect((await alice.get(`/v1/blueprints/${job.blueprint_id}`)).status).toBe(200);
    expect((await alice.get(`/v1/projects/${projectId}`)).body.project.blueprint_records[job.blueprint_id]).toBeDefined();
  });

  it('deleting a RUNNING job cancels it and removes it', async () => {
    const upload = await alice.uploadFile(LARGE_SHEET);
    const { project_id: projectId, job_id: jobId } = upload.body;
    const running = await alice.waitForJob(projectId, jobId, isRunning);
    expect((await alice.delete(`/v1/projects/${projectId}/jobs/${jobId}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await alice.get(`/v1/projects/${projectId}/jobs/${jobId}`)).status).toBe(404);
    expect((await alice.get(`/v1/blueprints/${running.blueprint_id}`)).status).toBe(404);
    expect(existsSync(blueprintDir(server, running.blueprint_id))).toBe(false);
  });

  it('deleting a project removes its jobs, blueprints and stored files', async () => {
    const project = (await alice.post('/v1/projects', { name: 'Temporary' })).body.project;
    const upload = await alice.uploadFile(FIRST_FLOOR, `?project_id=${project.id}`);
    const job = await alice.waitForJob(project.id, upload.body.job_id);
    expect(existsSync(blueprintDir(server, job.blueprint_id))).toBe(true);
    expect((await alice.delete(`/v1/projects/${project.id}`)).status).toBe(200);
    expect((await alice.get(`/v1/blueprints/${job.blueprint_id}`)).status).toBe(404);
    expect((await alice.get(`/v1/projects/${project.id}/jobs/${upload.body.job_id}`)).status).toBe(404);
    expect(existsSync(blueprintDir(server, job.blueprint_id))).toBe(false);
  });
});

describe('failed jobs say why', () => {
  it('reports invalid_pdf, encrypted_pdf and empty_document and leaves no blueprint', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bad-pdfs-'));
    const encrypted = path.join(dir, 'locked.pdf');
    execFileSync('qpdf', ['--encrypt', 'user-secret', 'owner-secret', '256', '--', FIRST_FLOOR, encrypted]);
    const cases: [Uint8Array<ArrayBuffer>, string, string][] = [
      [new TextEncoder().encode('%PDF-1.7\nthis is not really a PDF\n%%EOF\n'), 'garbage.pdf', 'invalid_pdf'],
      [new Uint8Array(await readFile(encrypted)), 'locked.pdf', 'encrypted_pdf'],
      [new Uint8Array(await (await PDFDocument.create()).save()), 'no-pages.pdf', 'empty_document'],
    ];
    for (const [bytes, name, code] of cases) {
      const upload = await alice.uploadBytes(bytes, name);
      const job = await alice.waitForJob(upload.body.project_id, upload.body.job_id);
      expect(job, name).toMatchObject({ status: 'FAILED', state: 'failed', error_code: code });
      expect(job.error_message.length).toBeGreaterThan(10);
      expect((await alice.get(`/v1/blueprints/${job.blueprint_id}`)).status).toBe(404);
      expect(existsSync(blueprintDir(server, job.blueprint_id))).toBe(false);
    }
  });
});

describe('crash recovery', () => {
  it('finishes a job once after the server is killed mid-job and started again', async () => {
    const crashing = await startTestServer({ JOB_LOCK_LIFETIME_MS: '3000' });
    try {
      const client = new ApiClient(crashing.url, await crashing.createKey('gina'));
      const upload = await client.uploadFile(LARGE_SHEET);
      const { project_id: projectId, job_id: jobId } = upload.body;
      const running = await client.waitForJob(projectId, jobId, isRunning);
      await crashing.stop('SIGKILL');
      await crashing.restart();
      const done = await client.waitForJob(projectId, jobId, undefined, 180_000);
      expect(done, crashing.logs()).toMatchObject({ status: 'SUCCEEDED', blueprint_id: running.blueprint_id, progress: 100 });
      const project = (await client.get(`/v1/projects/${projectId}`)).body.project;
      expect(Object.keys(project.jobs)).toEqual([jobId]);
      expect(Object.keys(project.blueprint_records)).toEqual([running.blueprint_id]);
      const files = (await client.get(`/v1/blueprints/${running.blueprint_id}/files`)).body;
      expect(files.urls.scaled_png).not.toBeNull();
      expect((await fetch(files.urls.tiles['0.0.0.png'])).status).toBe(200);
    } finally {
      await crashing.close();
    }
    // VA's job runs twice over (killed, then again from the start), on a core other suites share.
  }, 300_000);

  it('on SIGTERM stops taking jobs and finishes the running one before exiting', async () => {
    const graceful = await startTestServer();
    try {
      const client = new ApiClient(graceful.url, await graceful.createKey('hana'));
      const upload = await client.uploadFile(FIRST_FLOOR);
      const { project_id: projectId, job_id: jobId } = upload.body;
      await client.waitForJob(projectId, jobId, (job) => job.status === 'RUNNING');
      expect(await graceful.stop('SIGTERM')).toBe(0);
      await graceful.restart();
      const job = (await client.get(`/v1/projects/${projectId}/jobs/${jobId}`)).body.job;
      expect(job).toMatchObject({ status: 'SUCCEEDED', progress: 100 });
    } finally {
      await graceful.close();
    }
  });
});
