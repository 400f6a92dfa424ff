// Worker threads start without the parent's TypeScript loader; register it before loading stages.
import { register } from 'tsx/esm/api';

register();
const { default: processStage } = await import('./stage-worker.ts');
export default processStage;
