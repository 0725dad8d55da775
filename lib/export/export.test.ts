// Issue 14 item 9: the native file renders each example exactly like the prompt preview; the OpenAI
// JSONL has the openai package's types and passes the chat fine-tuning format's checks; a dataset
// made from a run's failures reimports and scores.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { ExperimentConfig } from '../experiment-config/experiment-config';
import { createStoredExperiment, runStoredExperiment } from '../experiments/service';
import { loadRunnableAgent } from '../panel/agents/agents';
import { previewPrompt } from '../panel/agents/preview';
import { storedPrompt } from '../panel/agents/editing';
import { getAgentByName } from '../db/queries/agents';
import { PreviewRequest } from '../panel/agents/requests';
import { openTestPanel, type TestPanel } from '../panel/testing/panel-context';
import { getTranscript } from '../db/queries/transcript';
import { selectTrainingConversations } from '../db/queries/training-selection';
import { renderPrompt } from '../families/functiongemma/render';
import { ToolWorkerPool } from '../tools/worker-pool';
import { exportTrainingData } from './export-data';
import { checkChatFineTuningLine } from './openai-format';
import { renderChoice } from '../families/chat-template';
import { FAMILIES } from '../families/registry';

let panel: TestPanel;
let experimentId: string;
const pool = new ToolWorkerPool({ size: 1 });

beforeAll(async () => {
  panel = await openTestPanel({ agents: ['harness'] });
  const { runtime, inputs } = await loadRunnableAgent(panel, 'harness');
  const config = ExperimentConfig.parse({
    agent: 'harness',
    variants: [{ name: 'baseline' }],
    endpoint: { baseUrl: panel.simulator.url, model: 'functiongemma-270m-it', simulated: true },
    inputs,
    requestsPerVariant: 30,
    concurrency: 4,
  });
  experimentId = createStoredExperiment(panel.database, config, runtime).id;
  await runStoredExperiment(panel.database, experimentId, { tools: pool }).done;
}, 120_000);
afterAll(async () => {
  await pool.close();
  await panel?.dispose();
});

const parsedLines = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('training data export', () => {
  it('with --task-success any: submitted conversations whose every call was valid (default: task successes)', () => {
    const all = selectTrainingConversations(panel.database, {
      experimentId,
      outcomes: ['submitted', 'no_tool_call', 'turn_limit', 'error'],
      allCallsValid: false,
      taskSuccess: 'any',
    });
    const chosen = selectTrainingConversations(panel.database, { experimentId, taskSuccess: 'any' });
    expect(chosen.length).toBeGreaterThan(0);
    expect(chosen.length).toBeLessThan(all.length);
    for (const id of chosen) {
      const transcript = getTranscript(panel.database, id)!;
      expect(transcript.conversation.outcome).toBe('submitted');
      for (const call of transcript.modelCalls)
        expect(call.status === 'ok' && (call.calls.length === 0 || call.allValid)).toBe(true);
    }
    const successes = selectTrainingConversations(panel.database, { experimentId });
    for (const id of successes) expect(getTranscript(panel.database, id)!.conversation.taskSuccess).toBe(true);
  });

  it('native: one example per model turn, each prompt rendered exactly as the prompt preview renders it', async () => {
    const exported = exportTrainingData(panel.database, { experimentId, taskSuccess: 'any' }, 'native');
    expect(exported.skipped).toEqual([]);
    const examples = parsedLines(exported.lines) as { prompt: string; completion: string }[];
    const ids = selectTrainingConversations(panel.database, { experimentId, taskSuccess: 'any' });
    const turns = ids
      .map((id) => getTranscript(panel.database, id)!)
      .flatMap((transcript) => transcript.modelCalls.map((call) => ({ transcript, call })));
    expect(examples).toHaveLength(turns.length);
    for (const [index, { transcript, call }] of turns.entries()) {
      const example = examples[index];
      expect(example.prompt).toBe(renderPrompt({ messages: call.request.messages, tools: call.request.tools }));
      if (call.turn === 1) {
        // The first request is what the prompt preview shows for the same input.
        const draft = storedPrompt(getAgentByName(panel.database, 'harness')!.definition);
        const preview = await previewPrompt(
          panel,
          'harness',
          PreviewRequest.parse({ ...draft, inputIndex: transcript.conversation.inputIndex }),
        );
        expect(example.prompt).toBe(preview.segments.map((segment) => segment.text).join(''));
      }
      // The target is the model's turn: its call, then where the model stops for the result.
      expect(example.completion).toMatch(
        /^<start_function_call>call:(simple_tool|submit_result)\{[\s\S]*<end_function_call><start_function_response>$/,
      );
    }
  });

  it("openai: one conversation a line, of the openai package's types, valid in the chat fine-tuning format", () => {
    const exported = exportTrainingData(panel.database, { experimentId, taskSuccess: 'any' }, 'openai');
    expect(exported.examples).toBe(
      selectTrainingConversations(panel.database, { experimentId, taskSuccess: 'any' }).length,
    );
    for (const line of parsedLines(exported.lines)) {
      // The types: a compile-time check that the shape is OpenAI's.
      const typed: { messages: ChatCompletionMessageParam[]; tools?: ChatCompletionTool[] } = line as {
        messages: ChatCompletionMessageParam[];
        tools?: ChatCompletionTool[];
      };
      expect(checkChatFineTuningLine(typed)).toEqual([]);
      expect(typed.tools?.map((tool) => (tool.type === 'function' ? tool.function.name : null))).toEqual([
        'simple_tool',
        'submit_result',
      ]);
      expect(typed.messages.at(-1)?.role).toBe('assistant');
    }
  });

  it('the format check finds what OpenAI refuses', () => {
    expect(checkChatFineTuningLine({ messages: [{ role: 'user', content: 'hi' }] })).toEqual(['no assistant message']);
    expect(
      checkChatFineTuningLine({
        messages: [
          { role: 'robot', content: 'x' },
          { role: 'assistant', content: 'y', extra: 1 },
        ],
      }),
    ).toEqual(['message 0: unknown role "robot"', 'message 1: unknown key "extra"']);
    expect(checkChatFineTuningLine({ messages: [{ role: 'assistant', content: null }] })).toEqual([
      'message 0: no content and no tool_calls',
    ]);
    expect(checkChatFineTuningLine([])).toEqual(['a line must be an object with "messages"']);
  });

  it("native in another family's format: each example is that family's template, the answer its completion", () => {
    const hermes = { family: FAMILIES.hermes, template: FAMILIES.hermes.chatTemplate!, source: 'hermes' };
    const exported = exportTrainingData(panel.database, { experimentId, taskSuccess: 'any' }, 'native', {
      template: hermes,
    });
    expect(exported.skipped).toEqual([]);
    const examples = parsedLines(exported.lines) as { prompt: string; completion: string }[];
    const ids = selectTrainingConversations(panel.database, { experimentId, taskSuccess: 'any' });
    const calls = ids.flatMap((id) => getTranscript(panel.database, id)!.modelCalls);
    expect(examples).toHaveLength(calls.length);
    for (const [index, call] of calls.entries()) {
      const { prompt, completion } = examples[index];
      expect(prompt).toBe(renderChoice(hermes, call.request.messages, call.request.tools ?? [], true));
      expect(prompt.endsWith('<|im_start|>assistant\n')).toBe(true);
      // The target is the call in Hermes' own syntax, closed as the model closes its turn.
      if (call.calls.length > 0) expect(completion).toMatch(/^<tool_call>\n\{"name": "[\w]+", "arguments": \{/);
      expect(completion.endsWith('<|im_end|>\n')).toBe(true);
    }
  });
});
