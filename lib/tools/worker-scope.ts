// What one tool worker may serve: the calls of one conversation (its workspace) for one agent's
// folder. A worker is bound to its scope when it starts (the sandbox's one writable path is that
// workspace), so a tool can never reach another conversation's workspace, nor hand a later
// conversation what it kept in memory from an earlier one.
import { existsSync, realpathSync } from 'node:fs';
import { sandboxHost } from './sandbox/host';
import { isWithin } from './sandbox/paths';
import { processWorkRoot } from './work-root';

export type WorkerScope = {
  /** Folder outside the project the worker must be able to read (the script's agent folder). */
  extra: string | null;
  /** The conversation's workspace: the only folder the worker can write; null for tools without one. */
  workspace: string | null;
};

/** Equal for calls one worker may serve. */
export function scopeKey(scope: WorkerScope): string {
  return JSON.stringify([scope.extra, scope.workspace]);
}

/** True when the workspace a worker was started for is gone (its conversation finished). */
export function scopeEnded(scope: WorkerScope): boolean {
  return scope.workspace !== null && !existsSync(scope.workspace);
}

/**
 * A workspace outside Remora's workspaces folder: refused, since a confined worker gets its
 * workspace writable, and only folders Remora made for a conversation may be.
 */
export function misplacedWorkspace(workspace: string | null): string | null {
  if (!workspace || sandboxHost().confinement !== 'bubblewrap' || !existsSync(workspace)) return null;
  const folder = processWorkRoot().workspaces;
  if (isWithin(realpathSync(folder), realpathSync(workspace))) return null;
  return (
    `the workspace ${workspace} is outside Remora's workspaces folder (${folder}), which is the only place ` +
    'sandboxed tools can write; create workspaces with createWorkspaceFolder() (lib/tools/work-root.ts)'
  );
}
