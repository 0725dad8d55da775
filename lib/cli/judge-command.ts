// `remora judge EXPERIMENT_ID --prompt-file FILE (--endpoint NAME | --base-url URL --model NAME)`:
// a model judge over a finished experiment's conversations (lib/judge). The API key is read from
// the environment variable named by --api-key-env (or by the saved endpoint), never stored. Prints
// the verdict counts and the judge's pass rate per variant with its comparisons (--json: the run
// and the summary JSON).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getEndpointByName } from '../db/queries/endpoints';
import { errorMessage, InputError } from '../errors';
import { experimentSummary } from '../experiments/service';
import { judgeExperiment } from '../judge/run-judge';
import { describeComparison } from '../metrics/describe';
import { toSummaryJson } from '../metrics/summary-json';
import { formatRate } from './format-table';
import { withDatabase } from './dataset-command';
import type { CommandOutput } from './io';

export type JudgeOptions = {
  db: string;
  promptFile: string;
  promptName?: string;
  endpoint?: string;
  baseUrl?: string;
  model?: string;
  apiKeyEnv?: string;
  concurrency?: number;
  json?: boolean;
};

function readPrompt(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read --prompt-file "${file}": ${errorMessage(error)}`, [], { cause: error });
  }
}

function apiKeyFrom(variable: string | null | undefined): string | undefined {
  if (!variable) return undefined;
  const key = process.env[variable];
  if (!key) throw new InputError(`the environment variable ${variable} (the judge's API key) is not set`);
  return key;
}

export function runJudgeCommand(experimentId: string, options: JudgeOptions): Promise<CommandOutput> {
  return withDatabase(options.db, async (database) => {
    const saved = options.endpoint ? getEndpointByName(database, options.endpoint) : null;
    if (options.endpoint && !saved) throw new InputError(`no saved endpoint named "${options.endpoint}"`);
    const baseUrl = options.baseUrl ?? saved?.baseUrl;
    const model = options.model ?? saved?.model;
    if (!baseUrl || !model) throw new InputError('give --endpoint NAME, or --base-url URL and --model NAME');
    const text = readPrompt(options.promptFile);
    const name = options.promptName ?? path.basename(options.promptFile, path.extname(options.promptFile));
    const result = await judgeExperiment(database, experimentId, {
      baseUrl,
      model,
      apiKey: apiKeyFrom(options.apiKeyEnv ?? saved?.apiKeyEnv),
      prompt: { name, text },
      concurrency: options.concurrency,
    });
    const summary = experimentSummary(database, experimentId);
    if (options.json)
      return { stdout: JSON.stringify({ judge: result, summary: toSummaryJson(summary) }), stderr: '', exitCode: 0 };
    const lines = [
      `judged experiment ${experimentId} with ${model}, ` +
        `prompt "${result.prompt.name}" version ${result.prompt.version}: ` +
        `${result.pass} pass, ${result.fail} fail, ${result.error} judge errors (counted as neither)`,
      ...summary.variants.map(
        (variant) =>
          `  ${variant.name}: ` +
          (variant.judgePassRate
            ? `${formatRate(variant.judgePassRate)} ${variant.judgePassRate.successes}/${variant.judgePassRate.trials}`
            : 'no verdict'),
      ),
      ...summary.comparisons
        .filter((comparison) => comparison.metric === 'judgePassRate')
        .map((comparison) => `- ${describeComparison(comparison)}`),
    ];
    return { stdout: lines.join('\n'), stderr: '', exitCode: 0 };
  });
}
