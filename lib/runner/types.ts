import type { ChatMessage, ChatRequest, ToolChoice, ToolSpec, Usage, JsonSchema } from './messages';
import type { ParsePath, ParsedCall, ResponsePreference } from '../parsing/types';
import type { ToolExecution, ToolExecutor, ToolLimits } from '../tools/protocol';

export type Outcome = 'submitted' | 'no_tool_call' | 'turn_limit' | 'error' | 'cancelled';
export const OUTCOMES: Outcome[] = ['submitted', 'no_tool_call', 'turn_limit', 'error', 'cancelled'];

export type HistoryMode = 'full' | 'initial-only';
export type ToolPresentation = 'native' | 'system-prompt';

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
  maxTurns: number;
  systemPrompt: string;
  nodeContext: string;
  tools: RunnerTool[];
  /** True when a text answer (no call) is a valid way to finish (distil-labs style). */
  textAnswerEnds: boolean;
  settings: Record<string, unknown>;
};

/** One input of an experiment: the template variables for node_context. */
export type ConversationInput = {
  node_text: string;
  file_path?: string | null;
  node_name?: string | null;
  node_type?: string | null;
};

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
  status: 'ok' | 'error';
  response: unknown;
  error: string | null;
  attempts: number;
  latencyMs: number;
  usage: Usage | null;
  parsePath: ParsePath | null;
  parsedCalls: ParsedCall[];
  calls: ValidatedCall[];
  /** Every call names a known tool with schema-valid arguments (false with no calls). */
  allValid: boolean;
  startedAt: number;
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

export type ModelCallOutcome =
  | { ok: true; body: unknown; latencyMs: number; attempts: number }
  | { ok: false; error: string; status?: number; body?: unknown; latencyMs: number; attempts: number };

/** Talks to a model. The runner never sees HTTP. */
export interface ModelClient {
  complete(request: ChatRequest, signal?: AbortSignal): Promise<ModelCallOutcome>;
}

export type RunnerEvent =
  | { type: 'conversation-start'; input: ConversationInput }
  | { type: 'model-call'; call: ModelCallRecord }
  | { type: 'tool-result'; execution: ToolExecutionRecord }
  | { type: 'conversation-end'; record: ConversationRecord };

export interface RunnerSink {
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

export type { ToolExecution, ToolSpec };
