import type { AssistantMessage, ChatMessage, ChatRequest, ToolChoice } from '../protocol/messages';
import type {
  AgentRuntime,
  ConversationRecord,
  ModelCallOutcome,
  ModelCallRecord,
  Outcome,
  RunnerDependencies,
  RunnerSettings,
  RunnerTool,
  ToolExecutionRecord,
  ValidatedCall,
} from './types';
import { SUBMIT_RESULT, type ConversationInput } from '../protocol/conversation';
import { parseResponse } from '../parsing/parse-response';
import { FAMILIES } from '../families/registry';
import { checkCalls, newCallId } from './check-calls';
import { callWithoutScript } from './call-without-script';
import { caseTools, initialMessages, toolMessageContent, toolSpecs } from './prompt';
import { buildModelRequest } from './model-request';
import { extractMessage, extractUsage } from './response';
import type { ChatCompletion } from '../protocol/chat-completion';
import { analyzeResponse } from '../parsing/logprobs';
import { isRecord } from '../protocol/records';
import { errorMessage } from '../errors';

/** Runs one conversation to its end. Never throws for model or tool failures: they are data in the record. */
export async function runConversation(
  agent: AgentRuntime,
  settings: RunnerSettings,
  input: ConversationInput,
  deps: RunnerDependencies,
): Promise<ConversationRecord> {
  // A dataset case that declares its own tools replaces the agent's for this conversation.
  const runtime = input.tools ? { ...agent, tools: caseTools(input.tools) } : agent;
  const conversation = new Conversation(runtime, settings, input, deps);
  return conversation.run();
}

/** What a turn leads to (as openai-agents-js names its next steps): another turn, or the conversation's end. */
type NextStep = { type: 'run_again' } | { type: 'final'; record: ConversationRecord };

const final = (record: ConversationRecord): NextStep => ({ type: 'final', record });

/** The answer's text and checked calls, or why reading it failed (already recorded on the call). */
type ReadAnswer = { ok: true; text: string; calls: ValidatedCall[] } | { ok: false; error: string };

class Conversation {
  private readonly messages: ChatMessage[];
  private readonly modelCalls: ModelCallRecord[] = [];
  private readonly toolExecutions: ToolExecutionRecord[] = [];
  private readonly knowledge: Record<string, unknown> = {};
  private readonly tools: Map<string, RunnerTool>;
  private readonly usedIds = new Set<string>();
  private readonly startedAt = Date.now();
  private readonly started = performance.now();
  private readonly toolSpecs;

  constructor(
    private readonly agent: AgentRuntime,
    private readonly settings: RunnerSettings,
    private readonly input: ConversationInput,
    private readonly deps: RunnerDependencies,
  ) {
    this.messages = initialMessages(agent, settings, input);
    // Ids of calls in a given conversation so far stay unique: the server's may not reuse them.
    for (const message of this.messages) {
      if (message.role === 'assistant') for (const call of message.tool_calls ?? []) this.usedIds.add(call.id);
    }
    if (input.knowledge) Object.assign(this.knowledge, structuredClone(input.knowledge));
    this.tools = new Map(agent.tools.map((tool) => [tool.name, tool]));
    this.toolSpecs = toolSpecs(agent.tools);
  }

  async run(): Promise<ConversationRecord> {
    this.deps.sink?.event({ type: 'conversation-start', input: this.input });
    try {
      for (let turn = 1; turn <= this.agent.maxTurns; turn++) {
        if (this.deps.signal?.aborted) return this.finish('cancelled');
        const next = await this.turn(turn);
        if (next.type === 'final') return next.record;
      }
    } catch (error) {
      // A bug met half way keeps what the conversation recorded so far (its model calls included).
      return this.finish('error', { error: `internal error: ${errorMessage(error)}` });
    }
    return this.finish('turn_limit');
  }

  /** One turn: call the model, read its answer, run the calls it asks for. */
  private async turn(turn: number): Promise<NextStep> {
    const { record, outcome } = await this.callModel(turn);
    if (!outcome.ok) return final(this.failedCall(record, outcome.error, outcome.body));
    const answer = this.readAnswer(record, outcome.body);
    if (!answer.ok) return final(this.finish('error', { error: answer.error }));
    if (answer.calls.length === 0) return final(this.endWithoutCall(answer.text));
    return this.dispatchCalls(turn, answer.text, answer.calls);
  }

  private async callModel(turn: number): Promise<{ record: ModelCallRecord; outcome: ModelCallOutcome }> {
    const { request, record } = this.buildRequest(turn);
    const sink = this.deps.sink;
    const onStream =
      request.stream && sink
        ? (progress: { text: string; toolCalls: { name: string; arguments: string }[] }) =>
            sink.event({ type: 'model-delta', turn, text: progress.text, toolCalls: progress.toolCalls })
        : undefined;
    const outcome = await this.deps.client.complete(request, this.deps.signal, onStream);
    record.latencyMs = outcome.latencyMs;
    record.retryWaitMs = outcome.retryWaitMs;
    record.attempts = outcome.attempts;
    return { record, outcome };
  }

  private failedCall(record: ModelCallRecord, error: string, body: unknown): ConversationRecord {
    // A request the cancel cut short is the person's doing, not a failure of the model or its server.
    const cancelled = this.deps.signal?.aborted === true;
    record.status = cancelled ? 'cancelled' : 'error';
    record.error = error;
    record.response = body ?? null;
    this.recordModelCall(record);
    if (cancelled) return this.finish('cancelled');
    return this.finish('error', { error });
  }

  /** Parses and checks the answer's calls into the call's record, which it then records. */
  private readAnswer(record: ModelCallRecord, completion: ChatCompletion): ReadAnswer {
    record.response = completion;
    try {
      record.usage = extractUsage(completion);
      const parsed = parseResponse(
        extractMessage(completion),
        this.settings.responsePreference,
        this.settings.family ? FAMILIES[this.settings.family] : null,
      );
      record.parsePath = parsed.path;
      record.parsedCalls = parsed.calls;
      const calls = checkCalls(parsed.calls, this.tools, this.usedIds, this.deps.newCallId ?? newCallId);
      record.calls = calls;
      record.allValid = calls.length > 0 && calls.every((call) => call.problem === null);
      // Only a response with logprobs has tokens to read.
      const insight = analyzeResponse(completion, {
        toolNames: [...this.tools.keys()],
        calledNames: parsed.calls.length > 0 ? parsed.calls.map((call) => call.name) : undefined,
      });
      if (insight) record.insight = insight;
      this.recordModelCall(record);
      return { ok: true, text: parsed.text, calls };
    } catch (error) {
      // An answer the client let through but that breaks reading it: an error on this call, with the reason.
      const reason = `could not read the model's answer: ${errorMessage(error)}`;
      Object.assign(record, {
        status: 'error',
        error: reason,
        parsePath: null,
        parsedCalls: [],
        calls: [],
        allValid: false,
      });
      this.recordModelCall(record);
      return { ok: false, error: reason };
    }
  }

  /** Appends the assistant's calls and runs each; the conversation ends when one submits a result. */
  private async dispatchCalls(turn: number, text: string, calls: ValidatedCall[]): Promise<NextStep> {
    const assistant: AssistantMessage = {
      role: 'assistant',
      content: text.trim() ? text : null,
      tool_calls: calls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      })),
    };
    this.messages.push(assistant);

    let submitted: Record<string, unknown> | null = null;
    for (const call of calls) {
      const result = await this.dispatch(turn, call);
      if (result !== null && submitted === null) submitted = result;
    }
    if (submitted) return final(this.finish('submitted', { result: submitted }));
    if (this.deps.signal?.aborted) return final(this.finish('cancelled'));
    return { type: 'run_again' };
  }

  private buildRequest(turn: number): { request: ChatRequest; record: ModelCallRecord } {
    return buildModelRequest({
      turn,
      messages: this.messages,
      settings: this.settings,
      knowledge: this.knowledge,
      toolChoice: this.toolChoiceFor(turn),
      toolSpecs: this.toolSpecs,
    });
  }

  private toolChoiceFor(turn: number): ToolChoice {
    const lastTurn = turn === this.agent.maxTurns;
    if (lastTurn && this.settings.forceSubmitOnLastTurn && this.tools.has(SUBMIT_RESULT)) {
      return { type: 'function', function: { name: SUBMIT_RESULT } };
    }
    return this.settings.toolChoice;
  }

  private endWithoutCall(text: string): ConversationRecord {
    const finalText = text.trim() ? text : null;
    if (finalText !== null) this.messages.push({ role: 'assistant', content: finalText });
    // A distil-labs style agent finishes with a text answer; for the others it is a missed call.
    if (this.agent.textAnswerEnds && finalText !== null)
      return this.finish('submitted', { result: { answer: finalText }, finalText });
    return this.finish('no_tool_call', { finalText });
  }

  /** Runs one call and appends its tool message. Returns submit_result's result when it ends the conversation. */
  private async dispatch(turn: number, call: ValidatedCall): Promise<Record<string, unknown> | null> {
    const tool = this.tools.get(call.name);
    const unrun = callWithoutScript(turn, call, tool);
    if (unrun) {
      this.appendToolResult(call, unrun.execution);
      return unrun.submitted;
    }
    // checkCalls gives a call naming no known tool a problem, so this is a bug: the run's internal error.
    if (!tool?.script) throw new Error(`no tool "${call.name}" to run`);
    const output = await this.deps.tools.execute(
      tool.script,
      { arguments: call.arguments, context: this.toolContext() },
      tool.limits,
      this.deps.signal,
    );
    const base = { turn, callId: call.id, toolName: call.name, arguments: call.arguments };
    const execution: ToolExecutionRecord = { ...base, ...output };
    if (output.knowledge_delta) Object.assign(this.knowledge, output.knowledge_delta);
    this.appendToolResult(call, execution);
    if (tool.name === SUBMIT_RESULT && output.outcome !== 'error') {
      return isRecord(output.result) ? output.result : call.arguments;
    }
    return null;
  }

  private appendToolResult(call: ValidatedCall, execution: ToolExecutionRecord) {
    this.messages.push({
      role: 'tool',
      tool_call_id: call.id,
      name: call.name,
      content: toolMessageContent(execution),
    });
    this.toolExecutions.push(execution);
    this.deps.sink?.event({ type: 'tool-result', execution });
  }

  private toolContext() {
    return {
      workspace: this.deps.workspace ?? null,
      filePath: this.input.file_path ?? null,
      nodeText: this.input.node_text,
      nodeName: this.input.node_name ?? null,
      nodeType: this.input.node_type ?? null,
      nodeLine: this.input.node_line ?? null,
      settings: this.agent.settings,
      knowledge: { ...this.knowledge },
    };
  }

  private recordModelCall(record: ModelCallRecord) {
    this.modelCalls.push(record);
    this.deps.sink?.event({ type: 'model-call', call: record });
  }

  private finish(
    outcome: Outcome,
    extra: { result?: Record<string, unknown>; finalText?: string | null; error?: string } = {},
  ): ConversationRecord {
    const record: ConversationRecord = {
      input: this.input,
      messages: this.messages,
      modelCalls: this.modelCalls,
      toolExecutions: this.toolExecutions,
      outcome,
      result: extra.result ?? null,
      finalText: extra.finalText ?? null,
      error: extra.error ?? null,
      knowledge: this.knowledge,
      startedAt: this.startedAt,
      durationMs: performance.now() - this.started,
    };
    this.deps.sink?.event({ type: 'conversation-end', record });
    return record;
  }
}
