// The widget's only door to the server. It authenticates with the widget token it was given; it
// never sees an API key.

import type { BlueprintFeatureCollection, BlueprintWord, Scale } from '../../core/src/types.ts';
import type { WidgetErrorCode } from '../../sdk/src/protocol.ts';

export interface BlueprintRecord {
  id: string;
  name: string;
  scale: Scale | null;
  url_width: number | null;
  url_height: number | null;
  url_dpi: number | null;
  geojson: BlueprintFeatureCollection | null;
  text?: BlueprintWord[];
  text_total?: number | null;
  created: string;
  updated: string;
}

export interface FileUrls {
  blueprint_id: string;
  urls: {
    original_pdf: string | null;
    preview_webp: string | null;
    scaled_png: string | null;
    vector_svg: string | null;
    tiles: Record<string, string>;
  };
  window_expires_at: number;
  refresh_after: number;
}

export interface LoadedBlueprint {
  blueprint: BlueprintRecord;
  words: BlueprintWord[];
  /** Version tag to send back as If-Match, so a save never overwrites someone else's change. */
  etag: string;
}

export class ApiError extends Error {
  constructor(
    readonly code: WidgetErrorCode,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const WORDS_PER_PAGE = 5000;

function etagOf(response: Response, blueprint: BlueprintRecord): string {
  return response.headers.get('ETag') ?? `"${blueprint.updated}"`;
}

async function detailOf(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { detail?: unknown };
    if (typeof body.detail === 'string') return body.detail;
    if (Array.isArray(body.detail)) {
      return body.detail.map((issue: { loc?: unknown[]; msg?: string }) => `${issue.loc?.join('.')}: ${issue.msg}`).join('; ');
    }
  } catch {
    // Not JSON: the status line says enough.
  }
  return text.slice(0, 200) || response.statusText;
}

export class BlueprintApi {
  readonly #base: string;
  readonly #token: string;
  readonly #blueprintId: string;

  constructor(apiBase: string, token: string, blueprintId: string) {
    this.#base = apiBase.endsWith('/') ? apiBase : `${apiBase}/`;
    this.#token = token;
    this.#blueprintId = blueprintId;
  }

  #url(suffix: string, query?: Record<string, string | number | boolean>): string {
    const url = new URL(`v1/blueprints/${encodeURIComponent(this.#blueprintId)}${suffix}`, new URL(this.#base, location.href));
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, String(value));
    return url.href;
  }

  async #request(url: string, init: RequestInit, failure: WidgetErrorCode): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${this.#token}`);
    headers.set('Accept', 'application/json');
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers });
    } catch (error) {
      throw new ApiError(failure, 0, `The server could not be reached: ${(error as Error).message}`);
    }
    if (response.ok) return response;
    const detail = await detailOf(response);
    switch (response.status) {
      case 401:
      case 403:
        throw new ApiError(init.method === 'PUT' ? 'read_only' : 'unauthorized', response.status, detail);
      case 404:
        throw new ApiError('not_found', 404, detail);
      case 412:
        throw new ApiError('conflict', 412, detail);
      case 422:
        throw new ApiError('invalid', 422, detail);
      default:
        throw new ApiError(failure, response.status, `HTTP ${response.status}: ${detail}`);
    }
  }

  /** The blueprint with all of its words (read page by page). */
  async loadBlueprint(): Promise<LoadedBlueprint> {
    const page = async (offset: number) => {
      const query = { include_text: true, text_limit: WORDS_PER_PAGE, text_offset: offset };
      const response = await this.#request(this.#url('', query), { method: 'GET' }, 'load_failed');
      const body = (await response.json()) as { blueprint: BlueprintRecord };
      return { response, blueprint: body.blueprint };
    };
    const first = await page(0);
    const words = [...(first.blueprint.text ?? [])];
    const total = first.blueprint.text_total ?? words.length;
    while (words.length < total) {
      const next = await page(words.length);
      const more = next.blueprint.text ?? [];
      if (more.length === 0) break;
      words.push(...more);
    }
    return { blueprint: first.blueprint, words, etag: etagOf(first.response, first.blueprint) };
  }

  async loadFiles(): Promise<FileUrls> {
    const response = await this.#request(this.#url('/files'), { method: 'GET' }, 'load_failed');
    return (await response.json()) as FileUrls;
  }

  /** Replaces scale and features, only if the blueprint is still at version `etag`. */
  async save(
    changes: { scale: Scale | null; geojson: BlueprintFeatureCollection },
    etag: string,
  ): Promise<{ blueprint: BlueprintRecord; etag: string }> {
    const response = await this.#request(
      this.#url(''),
      {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', 'If-Match': etag },
        // A null scale is left out: sending null would ask the server to clear the scale.
        body: JSON.stringify(changes.scale === null ? { geojson: changes.geojson } : changes),
      },
      'save_failed',
    );
    const body = (await response.json()) as { blueprint: BlueprintRecord };
    return { blueprint: body.blueprint, etag: etagOf(response, body.blueprint) };
  }

  /** Downloads a signed artifact URL; the signature is the authorisation, so no token is sent. */
  async fetchArtifact(url: string): Promise<ArrayBuffer> {
    const response = await fetch(url);
    if (!response.ok) throw new ApiError('load_failed', response.status, `Could not download ${new URL(url, location.href).pathname}: HTTP ${response.status}`);
    return response.arrayBuffer();
  }
}
