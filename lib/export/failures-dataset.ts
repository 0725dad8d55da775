// The cases a dataset run got wrong on the first call, as a new dataset (README.md here): each keeps
// its conversation so far, its own tools and its expected calls (BFCL's own form included), so the
// next model can be measured on exactly what this one failed; the labels and notes people gave the
// failed conversations are kept in the case's note.
import type { RemoraDatabase } from '../db/client';
import { listCaseVerdicts } from '../db/queries/accuracy';
import { conversationReviews, type ConversationReview } from '../db/queries/conversation-review';
import { findOrImportDataset } from '../db/queries/datasets';
import { experimentCaseRow } from '../db/queries/experiment-cases';
import { getExperiment } from '../db/queries/experiments';
import { storedDatasetRun } from '../db/experiment-config';
import { CaseTool, DatasetCase, describeIssues, type DatasetCaseInput } from '../datasets/case';
import { InputError, NotFoundError } from '../errors';
import type { ConversationInput } from '../protocol/conversation';
import { StoredParts } from '../experiment-config/stored-config';

export type FailuresDataset = { datasetId: string; name: string; cases: number; reused: boolean };

/** A case for a stored input: its conversation so far (or its template variables), tools and expectation. */
function caseOf(key: string, input: ConversationInput, expect: DatasetCaseInput['expect']): DatasetCaseInput {
  const tools = input.tools?.map((tool) => CaseTool.parse(tool));
  const base: DatasetCaseInput = input.messages
    ? { id: key, input: { messages: input.messages as never }, expect }
    : {
        id: key,
        input: {
          variables: {
            node_text: input.node_text,
            file_path: input.file_path,
            node_name: input.node_name,
            node_type: input.node_type,
          },
        },
        expect,
      };
  return tools && tools.length > 0 ? { ...base, tools } : base;
}

export function datasetFromFailures(
  database: RemoraDatabase,
  experimentId: string,
  options: { name?: string; variant?: string } = {},
): FailuresDataset {
  const experiment = getExperiment(database, experimentId);
  if (!experiment) throw new NotFoundError(`no experiment with id ${experimentId}`);
  const source = caseSourceOf(database, experimentId, experiment.config);
  if (!source)
    throw new InputError(`experiment ${experimentId} did not run a dataset, so it has no failed cases to keep`);
  const failed = new Set<number>();
  const conversationsOf = new Map<number, string[]>();
  for (const row of listCaseVerdicts(database, experimentId, { variant: options.variant, onlyWrong: true })) {
    failed.add(row.inputIndex);
    conversationsOf.set(row.inputIndex, [...(conversationsOf.get(row.inputIndex) ?? []), row.conversationId]);
  }
  const reviews = conversationReviews(database, [...conversationsOf.values()].flat());
  if (failed.size === 0)
    throw new InputError(
      `no case of experiment ${experimentId}${options.variant ? ` (variant ${options.variant})` : ''} ` +
        'failed its first call',
    );
  const cases = [...failed]
    .sort((first, second) => first - second)
    .map((index) => {
      const kept = withReview(
        source.caseAt(index),
        (conversationsOf.get(index) ?? []).map((id) => reviews.get(id)),
      );
      const parsed = DatasetCase.safeParse(kept);
      if (!parsed.success) throw new InputError(`case ${kept.id} cannot be kept`, describeIssues(parsed.error));
      return parsed.data;
    });
  const name = options.name ?? `${source.name} failures (${experimentId.slice(0, 8)})`;
  const imported = findOrImportDataset(database, { name, sourceFormat: 'remora', cases });
  return { datasetId: imported.dataset.id, name: imported.dataset.name, cases: cases.length, reused: imported.reused };
}

/**
 * The case with what people wrote about its failed conversations kept in its note (a case has no
 * labels of its own): its own note, then "labels: a, b", then each review note.
 */
function withReview(kept: DatasetCaseInput, reviews: (ConversationReview | undefined)[]): DatasetCaseInput {
  const labels = [...new Set(reviews.flatMap((review) => review?.labels ?? []))];
  const notes = [...new Set(reviews.map((review) => review?.note).filter((note): note is string => !!note))];
  const parts = [kept.note, labels.length > 0 ? `labels: ${labels.join(', ')}` : undefined, ...notes];
  const note = parts.filter((part): part is string => !!part).join(' · ');
  return note ? { ...kept, note } : kept;
}

/** The experiment's cases as dataset cases by input index: from its config, or its copy in experiment_cases. */
function caseSourceOf(
  database: RemoraDatabase,
  experimentId: string,
  config: unknown,
): { name: string; caseAt(index: number): DatasetCaseInput } | null {
  const run = storedDatasetRun(config);
  const stored = StoredParts.inputs.safeParse(config);
  if (run && stored.success && stored.data.experiment.inputs.length > 0) {
    const inputs = stored.data.experiment.inputs;
    return { name: run.name, caseAt: (index) => caseOf(run.cases[index].key, inputs[index], run.cases[index].expect) };
  }
  const copied = StoredParts.storedCases.safeParse(config);
  if (!copied.success || !copied.data.experiment.storedCases) return null;
  return {
    name: copied.data.experiment.storedCases.name,
    caseAt(index) {
      const row = experimentCaseRow(database, experimentId, index);
      if (!row) throw new InputError(`experiment ${experimentId} has no case at input ${index}`);
      const kept: DatasetCaseInput = { id: row.caseKey, input: row.input, expect: row.expectation };
      return row.tools ? { ...kept, tools: row.tools } : kept;
    },
  };
}
