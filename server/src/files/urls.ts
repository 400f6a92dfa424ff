// Signed URLs for a blueprint's files. URLs are issued in aligned windows: every call within one
// window returns the same URLs (so browsers and CDNs can cache tiles), each URL stays valid for at
// least one full window after `refresh_after`, and `window_expires_at` is when all of them expire.
import { signedUrl } from './signing.ts';
import { FILE_ARTIFACTS, type BlueprintRow } from '../store/blueprints.ts';

export interface UrlWindow {
  refreshAfter: number;
  expiresAt: number;
}

export function currentWindow(nowSeconds: number, ttlSeconds: number): UrlWindow {
  const start = Math.floor(nowSeconds / ttlSeconds) * ttlSeconds;
  return { refreshAfter: start + ttlSeconds, expiresAt: start + 2 * ttlSeconds };
}

export function fileUrl(baseUrl: string, secret: string, key: string, expires: number): string {
  return signedUrl(baseUrl, secret, { method: 'GET', path: `/files/${key}`, expires });
}

export function blueprintFileUrls(row: BlueprintRow, options: { baseUrl: string; secret: string; nowSeconds: number; ttlSeconds: number }) {
  const window = currentWindow(options.nowSeconds, options.ttlSeconds);
  const sign = (key: string) => fileUrl(options.baseUrl, options.secret, key, window.expiresAt);
  const urls: Record<string, string | null> = {};
  const versions: Record<string, string | null> = {};
  for (const name of FILE_ARTIFACTS) {
    const ref = row.artifacts[name];
    urls[name] = ref ? sign(ref.key) : null;
    versions[name] = ref ? String(ref.revision) : null;
  }
  const tileSet = row.artifacts.tiles;
  const tiles: Record<string, string> = {};
  const tileVersions: Record<string, string> = {};
  for (const name of tileSet?.names ?? []) {
    tiles[name] = sign(`${tileSet!.prefix}/${name}`);
    tileVersions[name.replace(/\.png$/, '').replaceAll('.', '_')] = String(tileSet!.revision);
  }
  return {
    blueprint_id: row.id,
    manifest_version: 1 as const,
    artifact_versions: {
      schema_version: 1 as const,
      revision: String(row.revision),
      legacy_unversioned: false,
      original_pdf: versions.original_pdf,
      preview_webp: versions.preview_webp,
      scaled_png: versions.scaled_png,
      vector_svg: versions.vector_svg,
      tiles: tileSet ? tileVersions : null,
    },
    window_expires_at: window.expiresAt,
    refresh_after: window.refreshAfter,
    urls: {
      original_pdf: urls.original_pdf,
      preview_webp: urls.preview_webp,
      scaled_png: urls.scaled_png,
      vector_svg: urls.vector_svg,
      tiles,
    },
  };
}
