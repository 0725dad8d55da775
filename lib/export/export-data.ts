// Training data and datasets out of stored experiments: what `remora export` and the panel's export
// dialog call (README.md here).
import type { RemoraDatabase } from '../db/client';
import { getTranscript } from '../db/queries/transcript';
import { selectTrainingConversations, type TrainingSelection } from '../db/queries/training-selection';
import { getExperiment } from '../db/queries/experiments';
import { NotFoundError } from '../errors';
import { nativeExamples, openaiExample, type ExportFormat, type ExportLines } from './training-data';

export function exportTrainingData(
  database: RemoraDatabase,
  selection: TrainingSelection,
  format: ExportFormat,
): ExportLines {
  if (!getExperiment(database, selection.experimentId))
    throw new NotFoundError(`no experiment with id ${selection.experimentId}`);
  const result: ExportLines = { lines: [], skipped: [], examples: 0 };
  for (const conversationId of selectTrainingConversations(database, selection)) {
    const transcript = getTranscript(database, conversationId);
    if (!transcript) continue;
    if (format === 'native') {
      const examples = nativeExamples(transcript);
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
