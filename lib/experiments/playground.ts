// One conversation run now, outside any experiment, reported event by event as it happens: the
// native prompt of each request (rendered from exactly what was sent), the streamed response as it
// arrives (the runner's model-delta), each parsed response with its parse path, each tool result,
// and the end. The panel forwards these events to the browser as server-sent events.
import { renderPrompt } from '../families/functiongemma/render';
import { errorMessage } from '../errors';
import { keptMessage } from '../runner/response';
import type { AgentRuntime, ConversationRecord, ModelClient, RunnerEvent, RunnerSettings } from '../runner/types';
import type { ConversationInput } from '../protocol/conversation';
import type { ToolExecutor } from '../tools/protocol';
import type { SlotMeta } from './run-experiment';
import type { WorkspaceProvider } from '../tools/workspace';
import type { TaskCheck } from '../task-success/types';
import { providerWorkspace, runJudgedConversation } from './judged-conversation';

type PlaygroundCall = { name: string; arguments: Record<string, unknown>; problem: string | null };

export type PlaygroundEvent =
  | { type: 'native-prompt'; turn: number; prompt: string; messages: number }
  | { type: 'model-delta'; turn: number; text: string; toolCalls: { name: string; arguments: string }[] }
  | {
      type: 'model-call';
      turn: number;
      status: 'ok' | 'error' | 'cancelled';
      parsePath: string | null;
      /** What the model wrote (the response's content), whatever was parsed out of it. */
      content: string | null;
      /** The response's structured tool calls as the server sent them. */
      toolCalls: { name: string; arguments: string }[];
      calls: PlaygroundCall[];
      latencyMs: number;
      error: string | null;
    }
  | {
      type: 'tool-result';
      turn: number;
      toolName: string;
      outcome: string;
      result: unknown;
      summary: string | null;
      error: string | null;
      errorKind: string | null;
      knowledgeDelta: Record<string, unknown> | null;
      durationMs: number;
    }
  | {
      type: 'end';
      outcome: string;
      finalText: string | null;
      result: Record<string, unknown> | null;
      error: string | null;
      durationMs: number;
      modelCalls: number;
      diff: string | null;
    };

export type PlaygroundRun = {
  agent: AgentRuntime;
  settings: RunnerSettings;
  input: ConversationInput;
  client: ModelClient;
  tools: ToolExecutor;
  /** For agents whose tools change files: a private workspace for this conversation. */
  workspaces?: WorkspaceProvider;
  signal?: AbortSignal;
  emit(event: PlaygroundEvent): void;
};

export type PlaygroundResult = {
  record: ConversationRecord;
  /** What the agent's task-success check said, as an experiment's conversation gets it. */
  taskCheck: TaskCheck | null;
  workspaceDiff: string | null;
  changedFiles: string[] | null;
};

function structuredCalls(body: unknown): { name: string; arguments: string }[] {
  const message = keptMessage(body) as {
    tool_calls?: { function?: { name?: unknown; arguments?: unknown } }[];
  } | null;
  return (message?.tool_calls ?? []).map((call) => ({
    name: typeof call.function?.name === 'string' ? call.function.name : '',
    arguments:
      typeof call.function?.arguments === 'string'
        ? call.function.arguments
        : JSON.stringify(call.function?.arguments ?? null),
  }));
}

function contentOf(body: unknown): string | null {
  const message = keptMessage(body) as { content?: unknown } | null;
  return typeof message?.content === 'string' ? message.content : null;
}

/** Turns the runner's events into the playground's. */
function playgroundEventOf(event: RunnerEvent): PlaygroundEvent | null {
  switch (event.type) {
    case 'model-delta':
      return { type: 'model-delta', turn: event.turn, text: event.text, toolCalls: event.toolCalls };
    case 'model-call': {
      const call = event.call;
      return {
        type: 'model-call',
        turn: call.turn,
        status: call.status,
        parsePath: call.parsePath,
        content: call.status === 'ok' ? contentOf(call.response) : null,
        toolCalls: call.status === 'ok' ? structuredCalls(call.response) : [],
        calls: call.calls.map((made) => ({
          name: made.name,
          arguments: made.arguments,
          problem: made.problem?.message ?? null,
        })),
        latencyMs: call.latencyMs,
        error: call.error,
      };
    }
    case 'tool-result': {
      const execution = event.execution;
      return {
        type: 'tool-result',
        turn: execution.turn,
        toolName: execution.toolName,
        outcome: execution.outcome,
        result: execution.result ?? null,
        summary: execution.summary ?? null,
        error: execution.error ?? null,
        errorKind: execution.errorKind ?? null,
        knowledgeDelta: execution.knowledge_delta ?? null,
        durationMs: execution.durationMs,
      };
    }
    default:
      return null;
  }
}

/** A client that reports the native prompt of every request before passing it on. */
function reportingClient(client: ModelClient, emit: (event: PlaygroundEvent) => void): ModelClient {
  let turn = 0;
  return {
    complete(request, signal, onStream) {
      turn += 1;
      try {
        emit({
          type: 'native-prompt',
          turn,
          prompt: renderPrompt({ messages: request.messages, tools: request.tools }),
          messages: request.messages.length,
        });
      } catch (error) {
        // A prompt that cannot be rendered natively is still sent; say why it is not shown.
        emit({
          type: 'native-prompt',
          turn,
          prompt: `(cannot be rendered in the native format: ${errorMessage(error)})`,
          messages: request.messages.length,
        });
      }
      return client.complete(request, signal, onStream);
    },
  };
}

const PLAYGROUND_SLOT: SlotMeta = { variantIndex: 0, slot: 0, inputIndex: 0, variantName: 'playground' };

/**
 * Runs the conversation, emitting as it goes; the record comes back for saving. Never throws for model or tool
 * failures.
 */
export async function runPlayground(run: PlaygroundRun): Promise<PlaygroundResult> {
  const { record, taskCheck, changes } = await runJudgedConversation({
    agent: run.agent,
    settings: { ...run.settings, stream: true },
    input: run.input,
    run: {
      client: reportingClient(run.client, run.emit),
      tools: run.tools,
      signal: run.signal,
      sink: {
        event(event) {
          const forwarded = playgroundEventOf(event);
          if (forwarded) run.emit(forwarded);
        },
      },
    },
    openWorkspace: providerWorkspace(run.workspaces, PLAYGROUND_SLOT, run.input),
  });
  run.emit({
    type: 'end',
    outcome: record.outcome,
    finalText: record.finalText,
    result: record.result,
    error: record.error,
    durationMs: record.durationMs,
    modelCalls: record.modelCalls.length,
    diff: changes?.diff ?? null,
  });
  return { record, taskCheck, workspaceDiff: changes?.diff ?? null, changedFiles: changes?.changedFiles ?? null };
}
