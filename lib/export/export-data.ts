// Training data and datasets out of stored experiments: what `remora export` and the panel's export
// dialog call (README.md here).
import type { RemoraDatabase } from '../db/client';
import { getTranscript } from '../db/queries/transcript';
import {
  selectTrainingConversations,
  taskSuccessFilter,
  type TrainingSelection,
} from '../db/queries/training-selection';
import { getExperiment } from '../db/queries/experiments';
import { NotFoundError } from '../errors';
import {
  nativeExamples,
  openaiExample,
  type ExportFormat,
  type ExportLines,
  type ExportTemplate,
} from './training-data';

/** The selection in words, for the command line's notes and its warning when nothing matches. */
function describeSelection(database: RemoraDatabase, selection: TrainingSelection): string {
  const taskSuccess = taskSuccessFilter(database, selection);
  const parts = [
    taskSuccess === 'any' ? 'any task result' : taskSuccess ? 'task successes' : 'task failures',
    selection.outcomes
      ? `outcome ${selection.outcomes.join(' or ')}`
      : taskSuccess === true
        ? 'any outcome'
        : 'outcome submitted',
    (selection.allCallsValid ?? true) ? 'every call valid (at least one call)' : 'invalid calls included',
  ];
  if (selection.variant !== undefined) parts.push(`variant ${selection.variant}`);
  return parts.join(', ');
}

/**
 * How many conversations the selection holds, in words too, without rendering them: what the export
 * dialog asks as its choices change, so that it can warn before the download that nothing matches.
 */
export function countTrainingConversations(
  database: RemoraDatabase,
  selection: TrainingSelection,
): { conversations: number; selection: string } {
  if (!getExperiment(database, selection.experimentId))
    throw new NotFoundError(`no experiment with id ${selection.experimentId}`);
  const conversations = selectTrainingConversations(database, selection).length;
  return { conversations, selection: describeSelection(database, selection) };
}

export function exportTrainingData(
  database: RemoraDatabase,
  selection: TrainingSelection,
  format: ExportFormat,
  options: { template?: ExportTemplate } = {},
): ExportLines {
  if (!getExperiment(database, selection.experimentId))
    throw new NotFoundError(`no experiment with id ${selection.experimentId}`);
  const chosen = selectTrainingConversations(database, selection);
  const result: ExportLines = {
    lines: [],
    skipped: [],
    examples: 0,
    conversations: chosen.length,
    selection: describeSelection(database, selection),
  };
  for (const conversationId of chosen) {
    const transcript = getTranscript(database, conversationId);
    if (!transcript) continue;
    if (format === 'native') {
      const examples = nativeExamples(transcript, options.template);
      if (typeof examples === 'string') {
        result.skipped.push({ conversationId, reason: examples });
        continue;
      }
      for (const example of examples) result.lines.push(JSON.stringify(example));
      result.examples += examples.length;
    } else {
      const tools = transcript.modelCalls.find((call) => call.request.tools)?.request.tools ?? null;
      const example = openaiExample(transcript, tools);
      if (typeof example === 'string') {
        result.skipped.push({ conversationId, reason: example });
        continue;
      }
      result.lines.push(JSON.stringify(example));
      result.examples += 1;
    }
  }
  return result;
}
