// What the panel's services need: the database, the process's job runner, where agents live, and
// how to reach the built-in simulator (its port changes at every start).
import type { RemoraDatabase } from '../db/client';
import type { JobRunner } from '../experiments/job-runner';

export type PanelContext = {
  database: RemoraDatabase;
  jobRunner: JobRunner;
  /** The project root: stored agent source paths are relative to it. */
  root: string;
  /** Base URL of the built-in simulator now, e.g. http://127.0.0.1:40123/v1 */
  simulatorUrl(): string;
};
