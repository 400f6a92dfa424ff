// Entry point of the worker threads: CPU-heavy stages never run on the API's event loop.
import { SheetError } from '../pipeline/pdf.ts';
import { runStage, type StageOutcome, type StageTask } from './stages.ts';

export default async function processStage(task: StageTask): Promise<StageOutcome> {
  try {
    return { ok: true, value: await runStage(task) };
  } catch (error) {
    // Structured cloning across threads drops an Error's class and extra fields, so a document
    // problem travels as data and is rebuilt as a SheetError on the other side.
    if (error instanceof SheetError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
