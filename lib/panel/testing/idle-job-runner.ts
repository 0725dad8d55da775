import type { JobRunner } from '../../experiments/job-runner';

/** A job runner for tests that read stored experiments only: nothing runs in this process. */
export const idleJobRunner = {
  isRunningHere: () => false,
} as unknown as JobRunner;
