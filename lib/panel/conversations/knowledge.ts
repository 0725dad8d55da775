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
