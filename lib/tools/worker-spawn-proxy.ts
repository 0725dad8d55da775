// A tool worker asks the pool to run a program (pytest) for the call it is serving. The pool, not
// the worker, decides what that program may touch: only the call's own workspace, with limits no
// looser than Remora's, for no longer than the call has left.
import { realpathSync } from 'node:fs';
import { CONFINED_PROCESS_LIMITS, DEFAULT_WORKSPACE_BYTES, type ProcessLimits } from './sandbox/limits';
import { isWithin } from './sandbox/paths';
import { runConfined, type ConfinedResult } from './sandbox/run-confined';
import type { SpawnRequest, SpawnedMessage, WorkerMessage } from './worker-messages';
import { elapsed, type Call, type PoolWorker } from './worker-process';

export type SpawnCall = {
  workspace: string | null;
  allowUnconfined: boolean;
  /** Milliseconds the call has left before its own time limit. */
  remainingMs: number;
  /** What the call's workspace may hold (the tool's limit; DEFAULT_WORKSPACE_BYTES when absent). */
  workspaceBytes?: number;
  signal: AbortSignal;
};

const PROGRAMS = new Set(['python', 'bash']);
const MAX_OUTPUT_BYTES = 1024 * 1024;

function real(file: string): string | null {
  try {
    return realpathSync(file);
  } catch {
    return null;
  }
}

function tighter(requested: Partial<ProcessLimits> | undefined, workspaceBytes: number): ProcessLimits {
  // The workspace is always bounded: a worker that asks for no limit (or a looser one) gets the call's.
  const limits: ProcessLimits = { ...CONFINED_PROCESS_LIMITS, workspaceBytes };
  for (const key of Object.keys(limits) as (keyof ProcessLimits)[]) {
    const asked = requested?.[key];
    const allowed = limits[key];
    if (typeof asked === 'number' && asked > 0 && (allowed === null || allowed === undefined || asked < allowed))
      limits[key] = asked as never;
  }
  return limits;
}

/** Checks a worker's request against its call, then runs it; a refusal is a result, never a throw. */
export function serveSpawn(request: SpawnRequest, call: SpawnCall): Promise<ConfinedResult> {
  const refuse = (error: string): Promise<ConfinedResult> => Promise.resolve({ ok: false, confinement: 'none', error });
  if (!PROGRAMS.has(request.program)) return refuse(`the program must be one of ${[...PROGRAMS].join(', ')}`);
  if (!Array.isArray(request.args) || !request.args.every((arg) => typeof arg === 'string'))
    return refuse('the arguments must be strings');
  if (!call.workspace) return refuse('this call has no workspace, so nothing can be run for it');
  const workspace = real(call.workspace);
  if (!workspace) return refuse(`the workspace ${call.workspace} does not exist`);
  const inside = (file: string) => {
    const resolved = real(file);
    return resolved !== null && isWithin(workspace, resolved);
  };
  const writable = Array.isArray(request.writable) ? request.writable : [];
  if (typeof request.cwd !== 'string' || !inside(request.cwd))
    return refuse('the working folder must be inside the call’s workspace');
  if (writable.length === 0 || !writable.every((folder) => typeof folder === 'string' && inside(folder)))
    return refuse('the writable folders must be inside the call’s workspace');
  const timeoutMs = Math.max(1, Math.min(Number(request.timeoutMs) || call.remainingMs, call.remainingMs));
  return runConfined({
    program: request.program,
    args: request.args,
    cwd: request.cwd,
    writable,
    stdin: typeof request.stdin === 'string' ? request.stdin : undefined,
    timeoutMs,
    maxOutputBytes: Math.min(Number(request.maxOutputBytes) || MAX_OUTPUT_BYTES, MAX_OUTPUT_BYTES),
    limits: tighter(request.limits, call.workspaceBytes ?? DEFAULT_WORKSPACE_BYTES),
    signal: call.signal,
    allowUnconfined: call.allowUnconfined,
  });
}

/** A program the tool in `call` asked for (pytest): checked against the call, run here, the result sent back. */
export function answerSpawn(worker: PoolWorker, call: Call, message: Extract<WorkerMessage, { type: 'spawn' }>): void {
  void serveSpawn(message.run, {
    workspace: call.request.context.workspace,
    allowUnconfined: call.allowUnconfined,
    remainingMs: Math.max(1, call.limits.timeoutMs - elapsed(call)),
    workspaceBytes: call.limits.workspaceBytes,
    signal: call.programs.signal,
  }).then((result) => {
    if (worker.current !== call) return;
    const reply: SpawnedMessage = { type: 'spawned', requestId: message.requestId, result };
    worker.child.send(reply);
  });
}
