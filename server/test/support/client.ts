// A thin HTTP client for tests: real fetch over a real socket, nothing of ours in between.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly token: string | null,
  ) {}

  async request<T = any>(method: string, route: string, options: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${this.baseUrl}${route}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(route: string, headers?: Record<string, string>) {
    return this.request<T>('GET', route, { headers });
  }
  post<T = any>(route: string, json?: unknown) {
    return this.request<T>('POST', route, json === undefined ? {} : { json });
  }
  put<T = any>(route: string, json: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', route, { json, headers });
  }
  patch<T = any>(route: string, json: unknown) {
    return this.request<T>('PATCH', route, { json });
  }
  delete<T = any>(route: string) {
    return this.request<T>('DELETE', route);
  }

  async uploadBytes(bytes: Uint8Array<ArrayBuffer>, filename: string, query = ''): Promise<Reply> {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), filename);
    return this.request('POST', `/v1/blueprints/upload${query}`, { body: form });
  }

  async uploadFile(file: string, query = ''): Promise<Reply> {
    return this.uploadBytes(new Uint8Array(await readFile(file)), path.basename(file), query);
  }

  /** Polls the job until it leaves PENDING/RUNNING (or `until` holds). */
  async waitForJob(projectId: string, jobId: string, until: (job: any) => boolean = (job) => !['PENDING', 'RUNNING'].includes(job.status), timeoutMs = 120_000) {
    const deadline = Date.now() + timeoutMs;
    let last: any;
    while (Date.now() < deadline) {
      const reply = await this.get(`/v1/projects/${projectId}/jobs/${jobId}`);
      last = reply.body?.job;
      if (reply.status === 200 && until(last)) return last;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`job ${jobId} did not reach the expected state; last: ${JSON.stringify(last)}`);
  }
}
