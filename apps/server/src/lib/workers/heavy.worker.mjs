// The worker threads' entry: Bree's server runs as TypeScript through tsx, and a worker thread
// does not inherit the main thread's loader, so it registers tsx before importing its tasks.
import { register } from 'tsx/esm/api';

register();
const { runHeavyTask } = await import('./heavy.tasks.ts');

export default runHeavyTask;
