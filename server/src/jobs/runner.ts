// Runs one processing job: each stage on a worker thread, each artifact published the moment it
// exists, the job row advanced at every stage boundary. A cancelled or deleted job is noticed at
// the next boundary or publication, or within a second while a stage runs, and the run stops
// without leaving anything behind.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { Services } from '../services.ts';
import { withMeasurements } from '../../../core/src/measure.ts';
import { advanceJob, failJob, finishJob, isJobAbandoned, ownsJob, startJobRun, type JobRun } from '../store/jobs.ts';
import { deleteBlueprint, publishToBlueprint, storagePrefix, type BlueprintPublication } from '../store/blueprints.ts';
import { SheetError } from '../pipeline/pdf.ts';
import type { ArtifactMessage, StageOutcome, StageResults, StageTask } from './stages.ts';

export class JobStopped extends Error {}

export function createStagePool(threads: number, logger: Services['logger']): Piscina {
  const pool = new Piscina({
    filename: new URL('./stage-worker-entry.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 30_000,
    // A pathological PDF must fail its own job, not exhaust the process.
    resourceLimits: { maxOldGenerationSizeMb: 4096 },
  });
  // A thread that dies fails its task (and so its job); it must not take the process down.
  pool.on('error', (error) => logger.error({ err: error }, 'stage worker thread failed'));
  return pool;
}

const ARTIFACT_FILES = {
  scaled_png: { name: 'scaled.png', contentType: 'image/png' },
  preview_webp: { name: 'preview.webp', contentType: 'image/webp' },
  vector_svg: { name: 'vector.svg', contentType: 'image/svg+xml' },
} as const;

export interface RunContext {
  services: Services;
  pool: Piscina;
  signal: AbortSignal;
}

export async function runProcessingJob(context: RunContext, jobId: string): Promise<void> {
  const { services } = context;
  const { db, blobs, config } = services;
  const job = await startJobRun(db, jobId);
  if (!job) return;
  const run: JobRun = { jobId, attempt: job.attempts };
  const blueprintId = job.blueprint_id;
  const prefix = storagePrefix(blueprintId);
  const pdfFile = blobs.pathFor(job.source_key);
  const dpi = config.renderDpi;
  const workDir = await mkdtemp(path.join(tmpdir(), `job-${jobId}-`));
  // A cancel or delete is noticed within a second and stops the running stage's thread, rather
  // than letting it render on and write files for a blueprint that no longer exists.
  const lostJob = new AbortController();
  const signal = AbortSignal.any([context.signal, lostJob.signal]);
  const ownership = setInterval(() => {
    ownsJob(db, run)
      .then((owned) => owned || lostJob.abort('stopped'))
      .catch(() => {});
  }, 1000);

  const boundary = async (state: string, progress: number) => {
    if (!(await advanceJob(db, run, state, progress))) throw new JobStopped();
  };
  const publish = async (publication: BlueprintPublication) => {
    if (!(await publishToBlueprint(db, run, blueprintId, publication))) throw new JobStopped();
  };
  const stage = async <S extends StageTask['stage']>(task: Extract<StageTask, { stage: S }>, transferList: MessagePort[] = []) => {
    const outcome = (await context.pool.run(task, { signal, transferList: transferList as never })) as StageOutcome;
    if (!outcome.ok) throw new SheetError(outcome.code, outcome.message);
    return outcome.value as StageResults[S];
  };

  /**
   * Publishes artifacts announced by a running stage, in order, while the stage goes on. The
   * first failure (e.g. the job was cancelled) stops further publications and is rethrown when
   * the stage is over; `end` tells that every announcement has arrived (ports are not ordered
   * with piscina's own result channel).
   */
  const artifactChannel = () => {
    const channel = new MessageChannel();
    let chain: Promise<void> = Promise.resolve();
    let failure: unknown = null;
    let ended!: () => void;
    const endReceived = new Promise<void>((resolve) => (ended = resolve));
    channel.port1.on('message', (message: ArtifactMessage) => {
      if (message.artifact === 'end') {
        ended();
        return;
      }
      const announced = message;
      chain = chain
        .then(() => (failure ? undefined : publishArtifact(announced)))
        .catch((error: unknown) => {
          failure ??= error;
        });
    });
    return {
      port: channel.port2,
      settled: async (stageFinished: boolean) => {
        if (stageFinished) await endReceived;
        await chain;
        channel.port1.close();
        if (failure) throw failure;
      },
    };
  };
  const runWithArtifacts = async <S extends 'render' | 'analyze'>(task: (port: MessagePort) => Extract<StageTask, { stage: S }>) => {
    const channel = artifactChannel();
    let result: StageResults[S];
    try {
      result = await stage(task(channel.port), [channel.port]);
    } catch (error) {
      await channel.settled(false).catch(() => {});
      throw error;
    }
    await channel.settled(true);
    return result;
  };
  const publishArtifact = async (message: Exclude<ArtifactMessage, { artifact: 'end' }>) => {
    if (message.artifact === 'tiles') {
      const tilePrefix = `${prefix}/tiles`;
      await blobs.remove(tilePrefix);
      await Promise.all(message.names.map((name) => blobs.putFile(`${tilePrefix}/${name}`, path.join(message.dir, name))));
      await publish({ tiles: { prefix: tilePrefix, max_zoom: message.maxZoom, names: message.names }, ready: { main_tile: true, all_tiles: true } });
      return;
    }
    const file = ARTIFACT_FILES[message.artifact];
    const key = `${prefix}/${file.name}`;
    await blobs.putFile(key, message.file);
    const ready = message.artifact === 'preview_webp' ? { preview_image: true } : message.artifact === 'vector_svg' ? { vector_image: true } : {};
    await publish({ artifacts: { [message.artifact]: { key, content_type: file.contentType } }, ready });
  };

  try {
    await boundary('opening', 2);
    const info = await stage({ stage: 'open', pdfFile, dpi });
    await publish({ pageCount: info.pageCount, size: { width: info.widthPx, height: info.heightPx, dpi } });

    await boundary('rendering', 10);
    await runWithArtifacts((port) => ({ stage: 'render', pdfFile, dpi, workDir, artifacts: port }));

    await boundary('reading_text', 45);
    const words = await stage({ stage: 'text', pdfFile, dpi, workDir });
    await publish({ words: words.map(({ fontSize: _size, angle: _angle, ...word }) => word), ready: { ocr_text: true } });

    await boundary('detecting', 60);
    const analysis = await runWithArtifacts((port) => ({ stage: 'analyze', pdfFile, dpi, workDir, words, artifacts: port }));

    if (analysis.warnings.length > 0) services.logger.warn({ job_id: jobId, warnings: analysis.warnings }, 'recognition degraded');
    await boundary('measuring', 90);
    const geojson = withMeasurements(analysis.geojson, analysis.scale, dpi);
    await boundary('publishing', 95);
    await publish({
      geojson,
      scale: analysis.scale,
      words: analysis.words,
      ready: { geojson: true, regions: true, ml_metadata: true, ocr_connected: true, autoclassify_polygons: true },
    });
    await finishJob(db, run);
  } catch (error) {
    // Released at shutdown: another worker takes the job over.
    if (context.signal.reason === 'shutdown') return;
    if (error instanceof JobStopped || lostJob.signal.aborted) {
      // Files written after the cancel removed the blueprint would be orphans; a newer attempt's
      // files are that attempt's business.
      if (await isJobAbandoned(db, jobId)) await blobs.remove(prefix);
      return;
    }
    const { code, message } = describeFailure(error, context.signal);
    services.logger.warn({ job_id: jobId, error_code: code, err: error }, 'job failed');
    // A failed job leaves no blueprint behind, like a cancelled one; once FAILED is visible the
    // files are gone too.
    await db.transaction(async (tx) => {
      if (!(await failJob(tx, run, code, message))) return;
      await deleteBlueprint(tx, blueprintId);
      await blobs.remove(prefix);
    });
  } finally {
    clearInterval(ownership);
    await rm(workDir, { recursive: true, force: true });
  }
}

function describeFailure(error: unknown, signal: AbortSignal): { code: string; message: string } {
  if (signal.aborted && signal.reason === 'timeout') {
    return { code: 'processing_timeout', message: 'Processing took longer than the configured limit (JOB_TIMEOUT_MS)' };
  }
  if (error instanceof SheetError) return { code: error.code, message: error.message };
  return { code: 'internal_error', message: `Processing failed: ${error instanceof Error ? error.message : String(error)}` };
}
