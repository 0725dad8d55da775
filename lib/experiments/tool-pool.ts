import { HARNESS_PURE_TOOLS } from '../../agents/harness/pure-tools';
import type { WorkerPoolOptions } from '../tools/worker-pool-options';
import { ToolWorkerPool } from '../tools/worker-pool';

/**
 * The tool pool that runs experiments, campaigns and harness runs: the harness agent's pure tools in
 * this process (the pool itself imports no agent), every other tool in a worker.
 */
export function experimentToolPool(options: Omit<WorkerPoolOptions, 'pureTools'> = {}): ToolWorkerPool {
  return new ToolWorkerPool({ ...options, pureTools: HARNESS_PURE_TOOLS });
}
