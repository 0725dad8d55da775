// Runs experiments in the background of a long-lived server process (the control panel). The
// database stays the truth: progress is read from it, a cancel is written to it (so that it
// reaches a run in another process too), and at start-up every unfinished experiment that no live
// process holds is resumed.
//
// start() and cancel() report a refusal as data, not as an exception: the panel creates the runner
// in Next's instrumentation bundle and calls it from route bundles, each with its own copy of the
// error classes, so `instanceof` would not recognise an error thrown across that line.
import 'server-only';
import type { RemoraDatabase } from '../db/client';
import { markExperimentCancelled } from '../db/queries/experiment-lease';
import {
  experimentProgress,
  getExperiment,
  listUnfinishedExperiments,
  UNFINISHED_STATUSES,
} from '../db/queries/experiments';
import { reopenExperiment } from '../db/queries/experiment-details';
import type { ExperimentRow } from '../db/schema';
import { ConfigurationError, InputError, NotFoundError, errorMessage } from '../errors';
import type { ToolExecutor } from '../tools/protocol';
import { sweepLeftovers } from '../tools/work-root';
import { LEASE_STALE_AFTER_MS, leaseIsLive, newRunnerId } from './lease';
import { ExperimentConflictError } from '../errors';
import type { ExperimentResult, Progress } from './run-experiment';
import { runStoredExperiment, type StoredRun } from './service';
import { experimentToolPool } from './tool-pool';

export type JobRunnerOptions = {
  database: RemoraDatabase;
  /** Where tool calls run; by default a ToolWorkerPool that the runner owns and closes. */
  tools?: ToolExecutor;
  toolPoolSize?: number;
  /** The project whose tool workers to start, for when a bundler moved the pool away from its sources. */
  toolProjectRoot?: string;
  runnerId?: string;
  /** The live URL of the built-in simulator, for experiments that run on it. */
  resolveSimulator?(): string;
  heartbeatMs?: number;
  staleAfterMs?: number;
  log?(message: string): void;
};

export type LiveProgress = { done: number; total: number; running: number };

/** Why the runner did not do what was asked. */
export type Refusal = {
  reason: 'not-found' | 'conflict' | 'invalid' | 'configuration';
  message: string;
  problems: string[];
};

export type StartResult = { started: true } | { started: false; refusal: Refusal };
export type CancelResult = { cancelled: true; row: ExperimentRow } | { cancelled: false; refusal: Refusal };

/** Sorts the errors runStoredExperiment throws for a request it refuses; anything else is a bug and stays thrown. */
function refusalOf(error: unknown): Refusal | null {
  if (NotFoundError.is(error)) return { reason: 'not-found', message: error.message, problems: [] };
  if (ExperimentConflictError.is(error)) return { reason: 'conflict', message: error.message, problems: [] };
  if (InputError.is(error)) return { reason: 'invalid', message: error.message, problems: error.problems };
  if (ConfigurationError.is(error))
    return { reason: 'configuration', message: error.message, problems: error.problems };
  return null;
}

type ActiveRun = { run: StoredRun; done: Promise<ExperimentResult | null>; counts: { running: number } };

export class JobRunner {
  readonly runnerId: string;
  private readonly database: RemoraDatabase;
  private readonly tools: ToolExecutor;
  private readonly ownsTools: boolean;
  private readonly options: JobRunnerOptions;
  private readonly active = new Map<string, ActiveRun>();
  private closed = false;

  constructor(options: JobRunnerOptions) {
    this.options = options;
    this.database = options.database;
    this.runnerId = options.runnerId ?? newRunnerId('panel');
    this.ownsTools = options.tools === undefined;
    // Workspaces and tool processes a killed panel or command line left behind go at start.
    const swept = sweepLeftovers();
    if (swept.removed.length > 0)
      this.log(
        `removed ${swept.removed.length} work folder(s) left by stopped processes` +
          (swept.killed.length > 0 ? ` and stopped ${swept.killed.length} of their processes` : ''),
      );
    this.tools =
      options.tools ?? experimentToolPool({ size: options.toolPoolSize ?? 4, projectRoot: options.toolProjectRoot });
  }

  /**
   * Starts (or resumes) a stored experiment here; starting one that already runs here does nothing.
   * Refused: an unknown id, a finished experiment, one that another live process runs, or one whose
   * stored settings cannot be run.
   */
  start(experimentId: string): StartResult {
    if (this.closed)
      return {
        started: false,
        refusal: { reason: 'conflict', message: 'the job runner is shutting down', problems: [] },
      };
    if (this.active.has(experimentId)) return { started: true };
    try {
      this.launch(experimentId);
      return { started: true };
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return { started: false, refusal };
    }
  }

  private launch(experimentId: string): void {
    const counts = { running: 0 };
    const run = runStoredExperiment(this.database, experimentId, {
      tools: this.tools,
      runnerId: this.runnerId,
      resolveSimulator: this.options.resolveSimulator,
      heartbeatMs: this.options.heartbeatMs,
      staleAfterMs: this.options.staleAfterMs,
      onProgress: (progress: Progress) => {
        counts.running = progress.running;
      },
    });
    const done = run.done.then(
      (result) => {
        this.log(
          `experiment ${experimentId}: ${result.status} ` +
            `(${result.ran} conversations run, ${result.skipped} stored before)`,
        );
        return result;
      },
      (error: unknown) => {
        // The service has marked it failed; the cause goes to the server log, not to any client.
        this.log(
          `experiment ${experimentId} failed: ` +
            (error instanceof Error ? (error.stack ?? error.message) : String(error)),
        );
        return null;
      },
    );
    this.active.set(experimentId, { run, done, counts });
    void done.finally(() => this.active.delete(experimentId));
  }

  /**
   * Cancels an experiment wherever it runs: marked cancelled in the database (a run in another
   * process sees it at its next heartbeat), and stopped at once when it runs here. Cancelling a
   * cancelled experiment changes nothing; a completed or failed one is a conflict.
   */
  cancel(experimentId: string): CancelResult {
    const row = markExperimentCancelled(this.database, experimentId);
    if (!row)
      return {
        cancelled: false,
        refusal: { reason: 'not-found', message: `no experiment with id ${experimentId}`, problems: [] },
      };
    if (row.status !== 'cancelled')
      return {
        cancelled: false,
        refusal: { reason: 'conflict', message: `experiment ${experimentId} is already ${row.status}`, problems: [] },
      };
    this.active.get(experimentId)?.run.cancel();
    return { cancelled: true, row };
  }

  /**
   * Runs a stopped (cancelled or failed) experiment on to its full count; one still marked
   * unfinished that no live process holds is simply started. Refused while it runs, and once it
   * completed.
   */
  resume(experimentId: string): StartResult {
    if (this.active.has(experimentId))
      return {
        started: false,
        refusal: { reason: 'conflict', message: `experiment ${experimentId} is running`, problems: [] },
      };
    const row = getExperiment(this.database, experimentId);
    if (!row)
      return {
        started: false,
        refusal: { reason: 'not-found', message: `no experiment with id ${experimentId}`, problems: [] },
      };
    if (UNFINISHED_STATUSES.includes(row.status)) {
      if (leaseIsLive(row, Date.now(), this.options.staleAfterMs ?? LEASE_STALE_AFTER_MS)) {
        return {
          started: false,
          refusal: {
            reason: 'conflict',
            message: `experiment ${experimentId} is running in another process`,
            problems: [],
          },
        };
      }
      return this.start(experimentId);
    }
    const reopened = reopenExperiment(this.database, experimentId);
    if (!reopened.reopened) {
      const status = reopened.reason === 'not-stopped' ? reopened.row.status : 'gone';
      return {
        started: false,
        refusal: {
          reason: 'conflict',
          message: `experiment ${experimentId} is ${status}: only a cancelled or failed experiment can be resumed`,
          problems: [],
        },
      };
    }
    this.log(
      `experiment ${experimentId}: reopened to run on ` +
        `(${reopened.removed} conversation(s) cut short by the cancel run again)`,
    );
    return this.start(experimentId);
  }

  /** Where this runner's tool calls run; a playground conversation uses it too. */
  get toolExecutor(): ToolExecutor {
    return this.tools;
  }

  isRunningHere(experimentId: string): boolean {
    return this.active.has(experimentId);
  }

  /** Stored conversations against the plan, from the database; `running` counts conversations in flight here. */
  progress(experimentId: string): LiveProgress | null {
    const stored = experimentProgress(this.database, experimentId);
    if (!stored) return null;
    return { ...stored, running: this.active.get(experimentId)?.counts.running ?? 0 };
  }

  /** Resolves when the run here ends (null when it failed or never ran here). */
  whenDone(experimentId: string): Promise<ExperimentResult | null> {
    return this.active.get(experimentId)?.done ?? Promise.resolve(null);
  }

  /** Resumes every pending or running experiment that no live process holds; returns the ids started. */
  resumeUnfinished(now = Date.now()): string[] {
    const staleAfterMs = this.options.staleAfterMs ?? LEASE_STALE_AFTER_MS;
    const started: string[] = [];
    for (const row of listUnfinishedExperiments(this.database)) {
      if (this.active.has(row.id) || leaseIsLive(row, now, staleAfterMs)) continue;
      try {
        const result = this.start(row.id);
        if (result.started) {
          started.push(row.id);
          this.log(`experiment ${row.id}: resumed`);
        } else {
          this.log(`experiment ${row.id}: not resumed: ${result.refusal.message}`);
        }
      } catch (error) {
        // One experiment that cannot resume must not stop the others.
        this.log(`experiment ${row.id}: not resumed: ${errorMessage(error)}`);
      }
    }
    return started;
  }

  /**
   * Stops every run as if the process ended (conversations in flight are not stored and run again
   * on resume), gives the leases up, and closes the tool pool it owns.
   */
  async close(): Promise<void> {
    this.closed = true;
    const runs = [...this.active.values()];
    for (const entry of runs) entry.run.interrupt();
    await Promise.all(runs.map((entry) => entry.done));
    if (this.ownsTools) await this.tools.close();
  }

  private log(message: string): void {
    (this.options.log ?? ((line: string) => console.log(`[remora] ${line}`)))(message);
  }
}

const RUNNER_KEY = Symbol.for('remora.job-runner');
type RunnerHolder = typeof globalThis & { [RUNNER_KEY]?: JobRunner };

/**
 * The process's one job runner. Kept on globalThis: Next's development reloads re-evaluate modules,
 * and a second runner would start every experiment twice.
 */
export function sharedJobRunner(create: () => JobRunner): JobRunner {
  const holder = globalThis as RunnerHolder;
  holder[RUNNER_KEY] ??= create();
  return holder[RUNNER_KEY];
}

/** Forgets the shared runner after closing it (tests, shutdown). */
export async function closeSharedJobRunner(): Promise<void> {
  const holder = globalThis as RunnerHolder;
  const runner = holder[RUNNER_KEY];
  holder[RUNNER_KEY] = undefined;
  await runner?.close();
}
