// Knowledge read as what changed at each step: the tools' knowledge_delta, merged the way the
// runner merges it (a later value for a key replaces the earlier one), shown as the keys a step
// added or changed rather than the whole state again.
import { canonicalJson } from '../../canonical-json';

type KnowledgeChange = { key: string; kind: 'added' | 'changed'; before: unknown; after: unknown };

export type KnowledgeStep = { turn: number; toolName: string; changes: KnowledgeChange[] };

type DeltaSource = {
  turn: number;
  toolName: string;
  knowledgeDelta?: Record<string, unknown> | null;
  knowledge_delta?: Record<string, unknown> | null;
};

/**
 * One step per tool result that reported knowledge (a delta that changed nothing is kept as a step
 * with no changes, so that the reader sees the tool did report). `initial` is the knowledge the
 * conversation started with.
 */
export function knowledgeSteps(executions: DeltaSource[], initial: Record<string, unknown> = {}): KnowledgeStep[] {
  const state = new Map<string, unknown>(Object.entries(initial));
  const steps: KnowledgeStep[] = [];
  for (const execution of executions) {
    const delta = execution.knowledgeDelta ?? execution.knowledge_delta;
    if (!delta || typeof delta !== 'object') continue;
    const changes: KnowledgeChange[] = [];
    for (const [key, after] of Object.entries(delta)) {
      const had = state.has(key);
      const before = state.get(key);
      if (had && canonicalJson(before) === canonicalJson(after)) continue;
      changes.push({ key, kind: had ? 'changed' : 'added', before: had ? before : undefined, after });
      state.set(key, after);
    }
    steps.push({ turn: execution.turn, toolName: execution.toolName, changes });
  }
  return steps;
}

/** One value a step added, changed or removed, named by its path ("home.lights.kitchen"). */
export type KnowledgeLeaf = { path: string; kind: 'added' | 'changed' | 'removed'; before: unknown; after: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The values that differ between two states, as paths into nested objects: a tool that reports its
 * whole state again (smart_home's `home`) shows only the light it switched, not the home once more.
 */
export function changedPaths(before: unknown, after: unknown, path: string): KnowledgeLeaf[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => changedPaths(before[key], after[key], `${path}.${key}`));
  }
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return [{ path, kind: 'added', before, after }];
  if (after === undefined) return [{ path, kind: 'removed', before, after }];
  return canonicalJson(before) === canonicalJson(after) ? [] : [{ path, kind: 'changed', before, after }];
}

/**
 * What each tool result changed in the knowledge, folded the way the runner merges deltas: per
 * execution (in order) its changed paths, or null when it reported no knowledge.
 */
export function knowledgeLeaves(
  executions: Pick<DeltaSource, 'knowledgeDelta' | 'knowledge_delta'>[],
  initial: Record<string, unknown> = {},
): (KnowledgeLeaf[] | null)[] {
  const state: Record<string, unknown> = { ...initial };
  return executions.map((execution) => {
    const delta = execution.knowledgeDelta ?? execution.knowledge_delta;
    if (!isRecord(delta)) return null;
    const leaves = Object.entries(delta).flatMap(([key, after]) => changedPaths(state[key], after, key));
    Object.assign(state, delta);
    return leaves;
  });
}
