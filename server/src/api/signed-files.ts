// The two endpoints behind signed URLs: GET/HEAD /files/<key> (artifacts) and PUT /uploads/<uuid>
// (the two-step upload). They carry their own authorization in the URL instead of a bearer token.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Next } from 'koa';
import parseRange from 'range-parser';
import type { Services } from '../services.ts';
import { verify } from '../files/signing.ts';
import { getUpload, recordUploadReceived } from '../store/uploads.ts';
import { HttpError } from './errors.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
};

function checkSignature(services: Services, ctx: Context, method: string, signedPath: string, headers?: Record<string, string>): void {
  const expires = Number(ctx.query.expires);
  const signature = typeof ctx.query.signature === 'string' ? ctx.query.signature : '';
  if (!Number.isInteger(expires) || !signature) throw new HttpError(403, 'Missing or malformed signature');
  const check = verify(services.config.signingSecret, { method, path: signedPath, expires, headers }, signature, Math.floor(Date.now() / 1000));
  if (check === 'invalid') throw new HttpError(403, 'Invalid signature (the URL or a required header was altered)');
  if (check === 'expired') throw new HttpError(403, 'This URL has expired; request a new one');
}

async function serveFile(services: Services, ctx: Context, key: string): Promise<void> {
  checkSignature(services, ctx, 'GET', `/files/${key}`);
  if (!services.blobs.isValidKey(key)) throw new HttpError(404, 'File not found');
  const info = await stat(services.blobs.pathFor(key)).catch(() => null);
  if (!info?.isFile()) throw new HttpError(404, 'File not found');
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  ctx.set('ETag', etag);
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('Cache-Control', 'private, max-age=3600');
  ctx.type = CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream';
  if (ctx.get('if-none-match') === etag) {
    ctx.status = 304;
    return;
  }
  const rangeHeader = ctx.get('range');
  if (rangeHeader) {
    const ranges = parseRange(info.size, rangeHeader, { combine: true });
    if (ranges === -1) {
      ctx.set('Content-Range', `bytes */${info.size}`);
      throw new HttpError(416, 'Range not satisfiable');
    }
    // Several ranges would need multipart/byteranges; serving the first one is allowed (RFC 9110 14.2).
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length > 0) {
      const { start, end } = ranges[0];
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${start}-${end}/${info.size}`);
      ctx.length = end - start + 1;
      ctx.body = ctx.method === 'HEAD' ? null : services.blobs.read(key, { start, end });
      return;
    }
  }
  ctx.status = 200;
  ctx.length = info.size;
  ctx.body = ctx.method === 'HEAD' ? null : services.blobs.read(key);
}

async function receiveUpload(services: Services, ctx: Context, fileUuid: string): Promise<void> {
  checkSignature(services, ctx, 'PUT', `/uploads/${fileUuid}`, { 'Content-Type': ctx.get('content-type') });
  const upload = await getUpload(services.db, fileUuid);
  if (!upload) throw new HttpError(404, 'Upload not found');
  if (upload.job_id) throw new HttpError(409, 'This upload was already completed');
  const limit = services.config.maxUploadBytes;
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit) throw new HttpError(413, `The file is larger than the upload limit of ${limit} bytes`);
  const received = await services.blobs.putStream(upload.storage_key, ctx.req, limit);
  if (received === null) throw new HttpError(413, `The file is larger than the upload limit of ${limit} bytes`);
  await recordUploadReceived(services.db, fileUuid, received);
  ctx.status = 200;
  ctx.body = { file_uuid: fileUuid, size: received };
}

export function signedFileEndpoints(services: Services) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.path.startsWith('/files/') && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      return serveFile(services, ctx, decodeURIComponent(ctx.path.slice('/files/'.length)));
    }
    const upload = /^\/uploads\/([0-9a-f-]{36})$/.exec(ctx.path);
    if (upload && ctx.method === 'PUT') return receiveUpload(services, ctx, upload[1]);
    return next();
  };
}
