// `remora export EXPERIMENT_ID --format native|openai|dataset`: training data, or the failed cases of
// a dataset run as a new dataset (lib/export/README.md).
import { writeFile } from 'node:fs/promises';
import { exportDataset } from '../db/queries/datasets';
import { exportTrainingData } from '../export/export-data';
import { datasetFromFailures } from '../export/failures-dataset';
import { InputError } from '../errors';
import { NATIVE_TEMPLATES, TEMPLATE_NAMES, type NativeTemplate } from '../export/training-data';
import { OUTCOMES, type Outcome } from '../runner/types';
import { withDatabase } from './dataset-command';
import { chosenTemplate, type ChatTemplateOptions } from './chat-template-option';
import type { CommandOutput } from './io';

export type ExportOptions = {
  db: string;
  format: string;
  out?: string;
  variant?: string;
  outcome?: string;
  allConversations?: boolean;
  taskSuccess?: string;
  template?: string;
  name?: string;
} & ChatTemplateOptions;

const FORMATS = ['native', 'openai', 'dataset'];

function readOutcomes(value: string | undefined): Outcome[] | undefined {
  if (value === undefined) return undefined;
  const outcomes = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const unknown = outcomes.filter((entry) => !(OUTCOMES as string[]).includes(entry));
  if (unknown.length > 0 || outcomes.length === 0)
    throw new InputError(`--outcome: unknown outcome ${unknown.join(', ') || '(none)'}; use ${OUTCOMES.join(', ')}`);
  return outcomes as Outcome[];
}

function readTaskSuccess(value: string | undefined): boolean | 'any' | undefined {
  if (value === undefined || value === 'any') return value;
  if (value !== 'true' && value !== 'false') throw new InputError('--task-success must be true, false or any');
  return value === 'true';
}

function readTemplate(value: string | undefined): NativeTemplate {
  if (value === undefined) return 'google';
  if (!(NATIVE_TEMPLATES as readonly string[]).includes(value))
    throw new InputError(`--template must be one of ${NATIVE_TEMPLATES.join(', ')}`);
  return value as NativeTemplate;
}

export function runExportCommand(experimentId: string, options: ExportOptions): Promise<CommandOutput> {
  return withDatabase(options.db, async (database) => {
    if (!FORMATS.includes(options.format))
      throw new InputError(`unknown export format "${options.format}"; use one of ${FORMATS.join(', ')}`);
    if (options.format === 'dataset') {
      const made = datasetFromFailures(database, experimentId, { name: options.name, variant: options.variant });
      const reused = made.reused ? ', an identical dataset already stored, reused' : '';
      const message = `dataset "${made.name}" (${made.datasetId}): ${made.cases} failed case(s)${reused}`;
      const exported = exportDataset(database, made.datasetId, 'remora');
      if (!exported.ok)
        throw new InputError(
          'the dataset cannot be written',
          exported.problems.map((problem) => `${problem.caseId}: ${problem.reason}`),
        );
      if (options.out) await writeFile(options.out, exported.text, 'utf8');
      return { stdout: options.out ? '' : exported.text.trimEnd(), stderr: message, exitCode: 0 };
    }
    const familyTemplate = options.family || options.chatTemplate ? await chosenTemplate(options) : null;
    if (familyTemplate && options.template)
      throw new InputError(
        '--template chooses between FunctionGemma renderings; give it without --family/--chat-template',
      );
    const template = familyTemplate ?? readTemplate(options.template);
    const result = exportTrainingData(
      database,
      {
        experimentId,
        variant: options.variant,
        outcomes: readOutcomes(options.outcome),
        allCallsValid: !options.allConversations,
        taskSuccess: readTaskSuccess(options.taskSuccess),
      },
      options.format as 'native' | 'openai',
      { template },
    );
    const text = result.lines.map((line) => `${line}\n`).join('');
    if (options.out) await writeFile(options.out, text, 'utf8');
    const templateName = typeof template === 'string' ? TEMPLATE_NAMES[template] : template.source;
    const following = options.format === 'native' ? ` following ${templateName}` : '';
    const notes = [
      `${result.examples} example(s) in ${options.format} format${following}` +
        `${options.out ? ` written to ${options.out}` : ''}`,
      `selected: ${result.selection}`,
      ...result.skipped.map((entry) => `skipped ${entry.conversationId}: ${entry.reason}`),
    ];
    if (result.conversations === 0) notes.push(`warning: no conversation matches (${result.selection})`);
    return { stdout: options.out ? '' : text.trimEnd(), stderr: notes.join('\n'), exitCode: 0 };
  });
}
