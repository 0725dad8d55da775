// A model judge over a finished experiment: each conversation (cancelled ones left out) is sent to
// an OpenAI-compatible endpoint with the judge's prompt as the system message and the transcript as
// text, and the verdict it gives is stored with the prompt version and the model it came from. A
// failed request or a reply that is not a verdict is stored as a judge error (verdict.ts).
import { randomUUID } from 'node:crypto';
import type { RemoraDatabase } from '../db/client';
import {
  conversationMessages,
  insertJudgeVerdict,
  listJudgeTargets,
  saveJudgePrompt,
  type JudgePromptRow,
  type JudgeTarget,
} from '../db/queries/judge';
import { getExperiment } from '../db/queries/experiments';
import { InputError, NotFoundError } from '../errors';
import type { ChatRequest } from '../protocol/messages';
import { HttpModelClient } from '../runner/model-client';
import { readJudgeReply, VERDICT_TOOL, VERDICT_TOOL_SPEC, type JudgeVerdict } from './verdict';

/** Longest transcript sent (characters): the judge sees the start and the end of a longer one. */
const TRANSCRIPT_MAX = 24_000;

export type JudgeRunOptions = {
  baseUrl: string;
  model: string;
  /** The key itself, read by the caller from the environment variable it was named by; never stored. */
  apiKey?: string;
  prompt: { name: string; text: string };
  concurrency?: number;
  /** Hears each verdict as it is stored (progress). */
  onVerdict?: (done: number, total: number) => void;
};

export type JudgeRunResult = {
  runId: string;
  prompt: Pick<JudgePromptRow, 'id' | 'name' | 'version'>;
  model: string;
  pass: number;
  fail: number;
  error: number;
};

/** The conversation as the judge reads it: one line per message, the calls and results spelled out. */
function judgeTranscript(database: RemoraDatabase, target: JudgeTarget): string {
  const lines = [`Outcome recorded by the harness: ${target.outcome}`];
  for (const message of conversationMessages(database, target.id)) {
    if (message.role === 'system') continue;
    if (message.content) lines.push(`${message.role}${message.name ? ` (${message.name})` : ''}: ${message.content}`);
    for (const call of message.toolCalls ?? [])
      lines.push(`assistant called ${call.function.name} with ${call.function.arguments}`);
  }
  const text = lines.join('\n');
  if (text.length <= TRANSCRIPT_MAX) return text;
  const half = TRANSCRIPT_MAX / 2;
  return `${text.slice(0, half)}\n[... ${text.length - TRANSCRIPT_MAX} characters left out ...]\n${text.slice(-half)}`;
}

function judgeRequest(model: string, prompt: string, transcript: string): ChatRequest {
  return {
    model,
    messages: [
      { role: 'system', content: prompt },
      {
        role: 'user',
        content:
          `Here is the conversation to judge:\n\n${transcript}\n\n` +
          `Answer by calling ${VERDICT_TOOL} with {"pass": true or false, "reason": "one short sentence"}.`,
      },
    ],
    tools: [VERDICT_TOOL_SPEC],
    tool_choice: { type: 'function', function: { name: VERDICT_TOOL } },
    temperature: 0,
  };
}

/** Judges every conversation of the experiment once, as one run; the summary compares the latest run. */
export async function judgeExperiment(
  database: RemoraDatabase,
  experimentId: string,
  options: JudgeRunOptions,
): Promise<JudgeRunResult> {
  const experiment = getExperiment(database, experimentId);
  if (!experiment) throw new NotFoundError(`no experiment with id ${experimentId}`);
  // Its conversations are judged once they are all stored: a run still going would be judged in part.
  if (experiment.status === 'running' || experiment.status === 'pending')
    throw new InputError(`experiment ${experimentId} is still ${experiment.status}: judge it once it has finished`);
  if (!options.prompt.text.trim()) throw new InputError('the judge prompt is empty');
  const prompt = saveJudgePrompt(database, options.prompt.name, options.prompt.text);
  const runId = randomUUID();
  const run = { experimentId, runId, promptId: prompt.id, model: options.model };
  const client = new HttpModelClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    retry: { attempts: 3, baseDelayMs: 250, maxDelayMs: 4000 },
  });
  const targets = listJudgeTargets(database, experimentId);
  const counts = { pass: 0, fail: 0, error: 0 };
  let next = 0;
  let done = 0;
  const judgeOne = async (target: JudgeTarget): Promise<JudgeVerdict> => {
    const request = judgeRequest(options.model, prompt.text, judgeTranscript(database, target));
    const answer = await client.complete(request);
    if (!answer.ok) return { outcome: 'error', reason: `judge error: ${answer.error}`.slice(0, 500) };
    return readJudgeReply(answer.body);
  };
  const worker = async () => {
    while (next < targets.length) {
      const target = targets[next++];
      const verdict = await judgeOne(target);
      insertJudgeVerdict(database, run, { target, ...verdict });
      counts[verdict.outcome] += 1;
      options.onVerdict?.(++done, targets.length);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 4, targets.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return {
    runId,
    prompt: { id: prompt.id, name: prompt.name, version: prompt.version },
    model: options.model,
    ...counts,
  };
}
