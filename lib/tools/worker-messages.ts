// Messages between the worker pool and a tool worker process (over the IPC channel, never stdout).
import type { ToolErrorKind, ToolRequest } from './protocol';

export type RunMessage = {
  type: 'run';
  id: number;
  script: string;
  request: ToolRequest;
  maxOutputBytes: number;
};

export type WorkerMessage =
  | { type: 'ready' }
  /** `json` is the tool's return value serialized; the pool validates it. */
  | { type: 'result'; id: number; status: 'ok'; json: string }
  | { type: 'result'; id: number; status: 'failed'; kind: ToolErrorKind; message: string; bytes?: number };
