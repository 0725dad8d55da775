// What an experiment keeps of the dataset it runs, and the verdict of each conversation. Each
// input of a dataset experiment is one case; `cases[i]` says which case `inputs[i]` is and what it
// expects, so that a resumed run scores exactly as the first one did even if the set was edited.
import { z } from 'zod';
import type { ConversationRecord, RunnerTool } from '../runner/types';
import type { ConversationInput } from '../protocol/conversation';
import { type DatasetCase } from './case';
import { Expectation } from '../protocol/expectation';
import { caseToInput } from './to-input';
import { scoreConversation, toolSchemas } from './score-conversation';
import type { Verdict } from './verdict';
import { scoreConversationBfcl } from './bfcl/score-bfcl';

export const DatasetRunCase = z.object({
  /** The case's row id in dataset_cases (stable across edits of the case). */
  caseId: z.string().min(1),
  /** The case's own id in its set ("line-3", "simple_0"). */
  key: z.string(),
  expect: Expectation.nullable(),
});
export type DatasetRunCase = z.infer<typeof DatasetRunCase>;

export const SCORING_MODES = ['lenient', 'bfcl'] as const;
export type ScoringMode = (typeof SCORING_MODES)[number];

export const DatasetRun = z.object({
  id: z.string().min(1),
  name: z.string(),
  cases: z.array(DatasetRunCase).min(1),
  /**
   * How first responses are scored: `lenient` (default when absent) or `bfcl`, BFCL's AST checker exactly
   * (lib/datasets/bfcl).
   */
  scoring: z.enum(SCORING_MODES).optional(),
});
export type DatasetRun = z.infer<typeof DatasetRun>;

/** Which case a conversation ran, and its verdict when the case expects something. */
export type CaseResult = { caseId: string; verdict: Verdict | null };

/** An experiment's input by index, and the dataset case it is (null when the inputs are not a dataset's). */
export type IndexedInput = { input: ConversationInput; runCase: DatasetRunCase | null };

/** An experiment's inputs: from its config, or a dataset's cases read from the database in pages. */
export interface InputSource {
  count: number;
  at(index: number): IndexedInput;
}

/** The inputs held in an experiment's config (`dataset.cases[i]` is `inputs[i]`). */
export function inlineInputs(inputs: ConversationInput[], dataset?: DatasetRun): InputSource {
  return { count: inputs.length, at: (index) => ({ input: inputs[index], runCase: dataset?.cases[index] ?? null }) };
}

export function caseResult(
  runCase: DatasetRunCase | null,
  scoring: ScoringMode | undefined,
  input: ConversationInput,
  record: ConversationRecord,
  agentTools: RunnerTool[],
): CaseResult | null {
  if (!runCase) return null;
  if (runCase.expect === null) return { caseId: runCase.caseId, verdict: null };
  // Scored against the tools that conversation was given: the case's own, or the agent's.
  const schemas = toolSchemas(input.tools ?? agentTools);
  const verdict =
    scoring === 'bfcl'
      ? scoreConversationBfcl(record, runCase.expect, schemas)
      : scoreConversation(record, runCase.expect, schemas);
  return { caseId: runCase.caseId, verdict };
}

/** The inputs and the dataset record of an experiment that runs these stored cases, in order. */
export function datasetRunOf(
  dataset: { id: string; name: string },
  cases: (DatasetCase & { rowId: string })[],
): { inputs: ConversationInput[]; dataset: DatasetRun } {
  return {
    inputs: cases.map(caseToInput),
    dataset: {
      id: dataset.id,
      name: dataset.name,
      cases: cases.map((entry) => ({ caseId: entry.rowId, key: entry.id, expect: entry.expect })),
    },
  };
}

/** Expected tool names that none of the given tools has (a case with its own tools is checked against those). */
export function unknownExpectedTools(
  cases: DatasetCase[],
  agentTools: { name: string }[],
): { caseId: string; name: string }[] {
  const unknown: { caseId: string; name: string }[] = [];
  for (const entry of cases) {
    if (entry.expect?.kind !== 'call') continue;
    const names = new Set(entry.tools?.map((tool) => tool.function.name) ?? agentTools.map((tool) => tool.name));
    for (const call of entry.expect.calls)
      if (!names.has(call.name)) unknown.push({ caseId: entry.id, name: call.name });
  }
  return unknown;
}
