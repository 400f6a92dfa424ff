import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';

import { koaBody } from 'koa-body';
import type { Services } from '../../services.ts';
import {
  CompleteUploadRequest,
  InitUploadRequest,
  InitUploadResponse,
  UploadQuery,
  UploadResponse,
  z,
} from '../schemas.ts';
import type { ApiDefinition } from '../route.ts';
import { HttpError, ValidationError, notFound, orNotFound } from '../errors.ts';
import { createProcessingJob, looksLikePdf, sanitizeFilename } from '../../jobs/control.ts';
import { resolveUploadProject } from '../../store/projects.ts';
import { claimUploadForJob, getUpload, insertUpload } from '../../store/uploads.ts';
import { signedUrl } from '../../files/signing.ts';

export const UPLOAD_REQUIRED_HEADERS = { 'Content-Type': 'application/pdf' } as const;

type UploadedFile = { filepath: string; originalFilename: string | null; size: number };

function notAPdf(loc: (string | number)[], what: string): ValidationError {
  return new ValidationError([{ loc, msg: `${what} is not a PDF (its content does not start with %PDF-)`, type: 'value_error.not_pdf' }]);
}

export function uploadRoutes(api: ApiDefinition, services: Services): void {
  const { db, config } = services;

  const parseMultipart = koaBody({
    multipart: true,
    urlencoded: false,
    json: false,
    text: false,
    formidable: { maxFileSize: config.maxDirectUploadBytes, maxFiles: 1, allowEmptyFiles: true, minFileSize: 0 },
    onError: (error: Error & { httpCode?: number }) => {
      if (error.httpCode === 413 || /maxFileSize|exceeded/i.test(error.message)) {
        throw new HttpError(413, `The file is larger than the direct upload limit of ${config.maxDirectUploadBytes} bytes; use /v1/blueprints/upload/init`);
      }
      throw new ValidationError([{ loc: ['body'], msg: `Malformed multipart body: ${error.message}`, type: 'value_error.multipart' }]);
    },
  });

  const requireProject = (userId: string, projectId: string | null | undefined) =>
    orNotFound(resolveUploadProject(db, userId, projectId), 'Project');

  api.add({
    method: 'post',
    path: '/v1/blueprints/upload',
    tag: 'Uploads',
    summary: 'Direct upload (multipart, part "file")',
    description: `For files up to ${config.maxDirectUploadBytes} bytes (MAX_DIRECT_UPLOAD_BYTES); larger ones answer 413 and use init/complete. Only PDFs, judged by content. Without project_id the user's Default Project is used (created on first need). Take blueprint_id from the job once it is SUCCEEDED.`,
    query: UploadQuery,
    rawBody: { contentType: 'multipart/form-data', schema: z.object({ file: z.string().openapi({ format: 'binary' }) }) },
    responses: {
      200: { description: 'Job created', schema: UploadResponse },
      404: { description: 'project_id is not one of the user\'s projects' },
      413: { description: 'File too large for a direct upload' },
      415: { description: 'Body is not multipart/form-data' },
    },
    handler: async ({ principal, query, ctx }) => {
      if (!ctx.is('multipart/form-data')) throw new HttpError(415, 'Send the PDF as multipart/form-data with a part named "file"');
      const projectId = await requireProject(principal.userId, query.project_id);
      await parseMultipart(ctx, async () => {});
      const files = (ctx.request as unknown as { files?: Record<string, UploadedFile | UploadedFile[]> }).files ?? {};
      const uploaded = Object.values(files).flat();
      try {
        const file = Array.isArray(files.file) ? files.file[0] : files.file;
        if (!file) throw new ValidationError([{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }]);
        if (file.size === 0) throw new ValidationError([{ loc: ['body', 'file'], msg: 'The file is empty', type: 'value_error.empty_file' }]);
        if (!(await looksLikePdf(file.filepath))) throw notAPdf(['body', 'file'], 'The file');
        const { jobId } = await createProcessingJob(services, {
          userId: principal.userId,
          projectId,
          filename: sanitizeFilename(file.originalFilename),
          sourceFile: file.filepath,
        });
        return { body: { job_id: jobId, project_id: projectId } };
      } finally {
        await Promise.all(uploaded.map((file) => rm(file.filepath, { force: true })));
      }
    },
  });

  api.add({
    method: 'post',
    path: '/v1/blueprints/upload/init',
    tag: 'Uploads',
    summary: 'Start a two-step upload',
    description: `Returns a signed URL valid for ${config.uploadUrlTtlSeconds} s (expires_in). PUT the file there with exactly required_headers (a wrong or missing header answers 403), at most ${config.maxUploadBytes} bytes (MAX_UPLOAD_BYTES; more answers 413), then call complete.`,
    body: InitUploadRequest,
    responses: {
      200: { description: 'Pending upload', schema: InitUploadResponse },
      404: { description: 'project_id is not one of the user\'s projects' },
    },
    handler: async ({ principal, body }) => {
      const projectId = await requireProject(principal.userId, body.project_id);
      const fileUuid = randomUUID();
      const expires = Math.floor(Date.now() / 1000) + config.uploadUrlTtlSeconds;
      await insertUpload(db, {
        fileUuid,
        userId: principal.userId,
        projectId,
        filename: sanitizeFilename(body.filename),
        storageKey: `uploads/${fileUuid}.pdf`,
        ttlSeconds: config.uploadUrlTtlSeconds,
      });
      return {
        body: {
          file_uuid: fileUuid,
          user_id: principal.userId,
          project_id: projectId,
          signed_url: signedUrl(config.publicBaseUrl, config.signingSecret, {
            method: 'PUT',
            path: `/uploads/${fileUuid}`,
            expires,
            headers: UPLOAD_REQUIRED_HEADERS,
          }),
          method: 'PUT',
          expires_in: config.uploadUrlTtlSeconds,
          required_headers: { ...UPLOAD_REQUIRED_HEADERS },
        },
      };
    },
  });

  api.add({
    method: 'post',
    path: '/v1/blueprints/upload/complete',
    tag: 'Uploads',
    summary: 'Finish a two-step upload and start processing',
    description:
      'Idempotent: calling it again for the same file_uuid returns the same job. Unknown file_uuid (or another user\'s): 404. Expired before the file arrived, or nothing uploaded yet: 409. The uploaded bytes are not a PDF: 422 at ["body","file_uuid"].',
    body: CompleteUploadRequest,
    responses: {
      200: { description: 'Job created (or the existing one)', schema: UploadResponse },
      404: { description: 'Unknown file_uuid' },
      409: { description: 'Upload expired, or no file was uploaded yet' },
    },
    handler: async ({ principal, body }) => {
      const upload = await getUpload(db, body.file_uuid);
      if (!upload || upload.user_id !== principal.userId) throw notFound('Upload');
      if (upload.job_id) return { body: { job_id: upload.job_id, project_id: upload.project_id } };
      if (upload.received_bytes === null) {
        if (new Date(upload.expires_at).getTime() <= Date.now()) throw new HttpError(409, 'The upload expired before a file was sent; start again with init');
        throw new HttpError(409, 'No file has been uploaded to signed_url yet');
      }
      const claimedJob = async () => (await getUpload(db, upload.file_uuid))?.job_id ?? null;
      const file = services.blobs.pathFor(upload.storage_key);
      let job: { jobId: string; created: boolean };
      try {
        if (!(await looksLikePdf(file))) throw notAPdf(['body', 'file_uuid'], 'The uploaded file');
        job = await createProcessingJob(services, {
          userId: principal.userId,
          projectId: upload.project_id,
          filename: upload.filename,
          sourceFile: file,
          claim: (tx, newJobId) => claimUploadForJob(tx, upload.file_uuid, newJobId),
        });
      } catch (error) {
        // A complete called at the same time may have claimed the upload and removed its file
        // while this one read it: that call's job is this one's too.
        const jobId = await claimedJob();
        if (jobId) return { body: { job_id: jobId, project_id: upload.project_id } };
        throw error;
      }
      if (!job.created) return { body: { job_id: (await claimedJob())!, project_id: upload.project_id } };
      await services.blobs.remove(upload.storage_key);
      return { body: { job_id: job.jobId, project_id: upload.project_id } };
    },
  });
}

