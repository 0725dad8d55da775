// Starting a conversation's tool worker ahead of its first call (ToolWorkerPool.warm): which worker
// scopes its tools need, and which modules the worker should load once it is ready. A worker serves
// one workspace, so without this each conversation with a workspace starts its worker, and loads its
// tools, only after the model's first answer.
import { pureToolHandler, type PureTool } from './in-process-tools';
import { isModuleScript } from './script-kinds';
import type { ToolBundles } from './tool-bundles';
import { extraReadableFor } from './worker-launch';
import { scopeKey, type WorkerScope } from './worker-scope';

export type WarmScope = { scope: WorkerScope; key: string; scripts: string[] };

/** The worker scopes the module tools among `scripts` run in for `workspace` (usually one: the agent's folder). */
export function scopesToWarm(
  scripts: readonly string[],
  workspace: string,
  projectRoot: string,
  pureTools: readonly PureTool[],
): WarmScope[] {
  const scopes = new Map<string, WarmScope>();
  for (const script of scripts) {
    // Scripts run one process per call and pure tools run in Remora's process: no worker serves them.
    if (!isModuleScript(script) || pureToolHandler(script, projectRoot, pureTools)) continue;
    const scope = { extra: extraReadableFor(script, projectRoot), workspace };
    const key = scopeKey(scope);
    const known = scopes.get(key) ?? { scope, key, scripts: [] };
    known.scripts.push(script);
    scopes.set(key, known);
  }
  return [...scopes.values()];
}

/**
 * What a worker imports for each script (its bundle, or the script itself); a tool that cannot be
 * bundled is left out, for its call to report.
 */
export async function modulesToLoad(bundles: ToolBundles, scripts: string[]): Promise<string[]> {
  const made = await Promise.all(scripts.map((script) => bundles.bundleFor(script)));
  return made.flatMap((bundle, index) => (bundle === null ? [scripts[index]] : bundle.ok ? [bundle.module] : []));
}
