import type { ChatCompletion } from '../protocol/chat-completion';
import type { FamilyName } from '../families/family';
import type { ChatMessage, ChatRequest, ToolChoice, Usage, JsonSchema } from '../protocol/messages';
import type { ParsePath, ResponsePreference } from '../parsing/types';
import type { ParsedCall } from '../protocol/parsed-call';
import type { ConversationInput } from '../protocol/conversation';
import type { ToolExecution, ToolExecutor, ToolLimits } from '../tools/protocol';
import type { ResponseInsight } from '../parsing/logprobs';
import type { StreamProgress } from './stream-assembler';

export type Outcome = 'submitted' | 'no_tool_call' | 'turn_limit' | 'error' | 'cancelled';
export const OUTCOMES: Outcome[] = ['submitted', 'no_tool_call', 'turn_limit', 'error', 'cancelled'];

type HistoryMode = 'full' | 'initial-only';
type ToolPresentation = 'native' | 'system-prompt';

/** Everything a conversation needs besides its input; one variant of an experiment. */
export type RunnerSettings = {
  model: string;
  toolChoice: ToolChoice;
  temperature: number;
  maxTokens?: number;
  topP?: number;
  topK?: number;
  responsePreference: ResponsePreference;
  historyMode: HistoryMode;
  /** On the final allowed turn, name submit_result as the tool_choice. */
  forceSubmitOnLastTurn: boolean;
  /** `native` sends the `tools` parameter; `system-prompt` reproduces the old injection of schemas. */
  toolPresentation: ToolPresentation;
  /** Add accumulated knowledge to the prompt context of each request. */
  includeKnowledge: boolean;
  /** Trim history past these budgets (null: never). */
  historyBudget: { maxMessages: number | null; maxTokens: number | null };
  retry: { attempts: number; baseDelayMs: number; maxDelayMs: number };
  /** Ask for the sampled tokens' log probabilities (raw output, tool-name confidence). */
  logprobs?: boolean;
  /** Alternatives per token with `logprobs` (0-20). */
  topLogprobs?: number;
  /** Stream the response (server-sent events) and build the message from its chunks. */
  stream?: boolean;
  /** The variant's model family (lib/families): its native text is read first. Unset: recognised from the text. */
  family?: FamilyName;
};

/** A tool as the runner needs it: its spec for the model and how to run it. */
export type RunnerTool = {
  name: string;
  description: string;
  parameters: JsonSchema;
  /** Absolute path of the tool script; null for the built-in submit_result. */
  script: string | null;
  limits: ToolLimits;
};

export type AgentRuntime = {
  name: string;
  /** The model or LoRA adapter the agent's requests name; the endpoint's model when absent. */
  model?: string;
  maxTurns: number;
  systemPrompt: string;
  nodeContext: string;
  tools: RunnerTool[];
  /** True when a text answer (no call) is a valid way to finish (distil-labs style). */
  textAnswerEnds: boolean;
  settings: Record<string, unknown>;
  /** How task success is judged after a conversation (lib/task-success); absent: only by an input's expected call. */
  taskSuccess?: TaskSuccessRuntime;
};

/** The agent's task-success check: run like a tool (script null: only expected calls judge). */
export type TaskSuccessRuntime = { description: string; script: string | null; limits: ToolLimits };

export type ValidatedCall = {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /** Why the call cannot be dispatched (unknown tool, schema errors), or null. */
  problem: { kind: 'unknown_tool' | 'invalid_arguments'; message: string } | null;
};

export type ModelCallRecord = {
  turn: number;
  /** Positions (in the conversation's messages) of the messages this request sent, in order. */
  messagePositions: number[];
  /** The request as sent, without messages and tools (see messagePositions and the variant's tools). */
  requestParams: Omit<ChatRequest, 'messages' | 'tools'> & {
    toolsSent: boolean;
    /** Text appended to the system message for this request only (accumulated knowledge). */
    systemSuffix?: string;
  };
  /** `cancelled`: a cancel cut the request short (not a failure of the model or its server). */
  status: 'ok' | 'error' | 'cancelled';
  response: unknown;
  error: string | null;
  attempts: number;
  /** The server's time for the answer: the last attempt only. */
  latencyMs: number;
  /** Time spent before the last attempt: failed attempts and the waits between them (absent or 0 without retries). */
  retryWaitMs?: number;
  usage: Usage | null;
  parsePath: ParsePath | null;
  parsedCalls: ParsedCall[];
  calls: ValidatedCall[];
  /** Every call names a known tool with schema-valid arguments (false with no calls). */
  allValid: boolean;
  startedAt: number;
  /** What the response's tokens tell (raw output, tool-name confidence, lost values); only with logprobs. */
  insight?: ResponseInsight | null;
};

export type ToolExecutionRecord = Omit<ToolExecution, 'errorKind'> & {
  turn: number;
  callId: string;
  toolName: string;
  arguments: Record<string, unknown>;
  /** Why the call was not dispatched, when it was not. */
  errorKind?: ToolExecution['errorKind'] | 'unknown_tool' | 'invalid_arguments';
};

export type ConversationRecord = {
  input: ConversationInput;
  messages: ChatMessage[];
  modelCalls: ModelCallRecord[];
  toolExecutions: ToolExecutionRecord[];
  outcome: Outcome;
  /** submit_result's arguments when submitted; the text answer for no_tool_call. */
  result: Record<string, unknown> | null;
  finalText: string | null;
  error: string | null;
  knowledge: Record<string, unknown>;
  startedAt: number;
  durationMs: number;
};

/** A conversation that ended in an error and keeps nothing but its input, its times and the error. */
export function erroredRecord(
  kept: Pick<ConversationRecord, 'input' | 'startedAt' | 'durationMs'>,
  error: string,
): ConversationRecord {
  return {
    input: kept.input,
    messages: [],
    modelCalls: [],
    toolExecutions: [],
    outcome: 'error',
    result: null,
    finalText: null,
    error,
    knowledge: {},
    startedAt: kept.startedAt,
    durationMs: kept.durationMs,
  };
}

export type ModelCallOutcome =
  | { ok: true; body: ChatCompletion; latencyMs: number; retryWaitMs?: number; attempts: number }
  | {
      ok: false;
      error: string;
      status?: number;
      body?: unknown;
      latencyMs: number;
      retryWaitMs?: number;
      attempts: number;
    };

/** Hears a streamed response as it arrives. */
export type StreamListener = (progress: StreamProgress) => void;

/** Talks to a model. The runner never sees HTTP. */
export interface ModelClient {
  /** `onStream` is called as a streamed response (`request.stream`) arrives. */
  complete(request: ChatRequest, signal?: AbortSignal, onStream?: StreamListener): Promise<ModelCallOutcome>;
}

export type RunnerEvent =
  | { type: 'conversation-start'; input: ConversationInput }
  /** A streamed response so far: its text (raw output when the server streams tokens, else content) and calls. */
  | { type: 'model-delta'; turn: number; text: string; toolCalls: StreamProgress['toolCalls'] }
  | { type: 'model-call'; call: ModelCallRecord }
  | { type: 'tool-result'; execution: ToolExecutionRecord }
  | { type: 'conversation-end'; record: ConversationRecord };

interface RunnerSink {
  event(event: RunnerEvent): void;
}

export type RunnerDependencies = {
  client: ModelClient;
  tools: ToolExecutor;
  sink?: RunnerSink;
  /** Folder for this conversation's tools (a private copy for file-changing agents). */
  workspace?: string | null;
  signal?: AbortSignal;
  /** Id generator for calls the server sent without an id (injectable for tests). */
  newCallId?: () => string;
};
