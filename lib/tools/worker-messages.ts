// Messages between the worker pool and a tool worker process (over the IPC channel, never stdout).
import type { ToolRequest } from './protocol';
import type { ToolErrorKind } from './protocol';
import type { ConfinedResult, ConfinedRun } from './sandbox/run-confined';

/** What a worker may ask the pool to run for the call in hand; the pool checks it against that call's workspace. */
export type SpawnRequest = Omit<ConfinedRun, 'signal' | 'allowUnconfined' | 'readable' | 'env'>;

export type RunMessage = {
  type: 'run';
  id: number;
  script: string;
  /** What to import instead of `script`: its bundle, made by the pool (lib/build/tool-module.ts). */
  module?: string;
  request: ToolRequest;
  maxOutputBytes: number;
};

export type SpawnedMessage = { type: 'spawned'; requestId: number; result: ConfinedResult };

/** Tool modules to import now, before any call names them (what `run` would import: bundles or scripts). */
export type LoadMessage = { type: 'load'; modules: string[] };

export type PoolMessage = RunMessage | SpawnedMessage | LoadMessage;

/** Set when the worker has used half its CPU budget: the pool stops it instead of handing it another call. */
type Retire = { retire?: boolean };

export type WorkerMessage =
  | { type: 'ready' }
  /** The modules of a load message are imported (or failed to, which their calls report). */
  | { type: 'loaded' }
  /** `json` is the tool's return value serialized; the pool validates it. `retire`: see ResultMessage. */
  | ({ type: 'result'; id: number; status: 'ok'; json: string } & Retire)
  | ({ type: 'result'; id: number; status: 'failed'; kind: ToolErrorKind; message: string; bytes?: number } & Retire)
  /** The tool in call `id` asks for a program to be run confined (pytest, say). */
  | { type: 'spawn'; id: number; requestId: number; run: SpawnRequest };

/** A worker's answer to a run message. */
export type ResultMessage = Extract<WorkerMessage, { type: 'result' }>;
