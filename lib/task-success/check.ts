// Runs a conversation's task-success check once it has ended, while its workspace still exists.
// Order of rules (README.md here): a cancelled conversation is not judged; an expected call (a
// dataset case, or an input with `expect`) judges by that call; otherwise the agent's check script
// judges, and only a conversation that submitted can pass it (a text answer never does).
import type { AgentRuntime, ConversationRecord } from '../runner/types';
import type { ConversationInput } from '../protocol/conversation';
import type { ToolExecutor } from '../tools/protocol';
import type { Expectation } from '../protocol/expectation';
import type { Verdict } from '../datasets/verdict';
import { scoreConversation, toolSchemas } from '../datasets/score-conversation';
import { errorMessage } from '../errors';
import { TaskCheck } from './types';

const EXPECTED_CALL_CHECK = 'expected_call';

export type TaskCheckRequest = {
  agent: AgentRuntime;
  input: ConversationInput;
  record: ConversationRecord;
  /** The expectation of the dataset case this conversation ran, when it ran one. */
  expectation: Expectation | null;
  /** The verdict already computed for that case (so it is scored once). */
  verdict?: Verdict | null;
  tools: ToolExecutor;
  workspace: string | null;
  /** The target file's content before the conversation (the lint check counts issues against it). */
  original: string | null;
  signal?: AbortSignal;
};

/** The check's verdict, or null when nothing judges this conversation. Never throws. */
export async function checkTaskSuccess(request: TaskCheckRequest): Promise<TaskCheck | null> {
  const { agent, input, record } = request;
  if (record.outcome === 'cancelled') return null;
  const expectation = request.expectation ?? input.expect ?? null;
  if (expectation) return expectedCallCheck(request, expectation);
  const declared = agent.taskSuccess;
  if (!declared?.script) return null;
  const name = agent.name;
  if (record.outcome !== 'submitted')
    return {
      check: name,
      success: false,
      reason: `the conversation ended as ${record.outcome} without submitting its result`,
    };
  if (agent.textAnswerEnds && record.finalText !== null)
    return {
      check: name,
      success: false,
      reason: 'the conversation ended with a text answer, which is never a success',
    };
  return runCheckScript(request, declared.script, declared.limits);
}

function expectedCallCheck(request: TaskCheckRequest, expectation: Expectation): TaskCheck {
  const schemas = toolSchemas(request.input.tools ?? request.agent.tools);
  const verdict = request.verdict ?? scoreConversation(request.record, expectation, schemas);
  const details = { failures: verdict.failures.map((failure) => failure.message) };
  if (!verdict.scored)
    return {
      check: EXPECTED_CALL_CHECK,
      success: false,
      reason: 'the first request failed: there was no response to judge',
      details,
    };
  if (verdict.correct) {
    const reason =
      expectation.kind === 'no_call'
        ? 'no call was made, as the case expects'
        : 'the first response made the expected call';
    return { check: EXPECTED_CALL_CHECK, success: true, reason, details };
  }
  return {
    check: EXPECTED_CALL_CHECK,
    success: false,
    reason: verdict.failures[0]?.message ?? 'the first response was not the expected call',
    details,
  };
}

/**
 * An experiment's own check (lib/task-success/custom-check.ts), beside the agent's: it judges every
 * conversation but a cancelled one, whatever its outcome (the script reads the outcome), with the
 * same arguments and context as the agent's check and through the same executor. Never throws.
 */
export async function checkWithCustomScript(
  request: TaskCheckRequest,
  custom: { name: string; script: string },
  limits: { timeoutMs: number; maxOutputBytes: number },
): Promise<TaskCheck | null> {
  if (request.record.outcome === 'cancelled') return null;
  return runCheckScript(request, custom.script, limits, custom.name);
}

async function runCheckScript(
  request: TaskCheckRequest,
  script: string,
  limits: { timeoutMs: number; maxOutputBytes: number },
  check = request.agent.name,
): Promise<TaskCheck> {
  const { agent, input, record } = request;
  const argumentsForCheck = {
    outcome: record.outcome,
    result: record.result,
    final_text: record.finalText,
    original: request.original,
    // A replay's kept turns are part of its conversation: their calls (turn 0) come first.
    calls: [
      ...(input.setupCalls ?? []).map((setup) => ({
        turn: 0,
        name: setup.name,
        arguments: setup.arguments,
        outcome: setup.outcome ?? 'success',
      })),
      ...record.toolExecutions.map((execution) => ({
        turn: execution.turn,
        name: execution.toolName,
        arguments: execution.arguments,
        outcome: execution.outcome,
      })),
    ],
  };
  const context = {
    workspace: request.workspace,
    filePath: input.file_path ?? null,
    nodeText: input.node_text,
    nodeName: input.node_name ?? null,
    nodeType: input.node_type ?? null,
    // With the name, the line identifies the node: a getter and its setter share the name.
    nodeLine: input.node_line ?? null,
    settings: agent.settings,
    knowledge: { ...record.knowledge },
  };
  try {
    const execution = await request.tools.execute(
      script,
      { arguments: argumentsForCheck, context },
      limits,
      request.signal,
    );
    // A check that cannot finish (it crashed, timed out, or pytest hung on the model's tests) is a failure, never "not
    // judged".
    if (execution.outcome === 'error')
      return { check, success: false, reason: `the check could not finish: ${execution.error ?? 'it failed'}` };
    const parsed = TaskCheck.omit({ check: true }).safeParse(execution.result);
    if (!parsed.success) return { check, success: false, reason: 'the check printed no {success, reason} result' };
    return { check, ...parsed.data };
  } catch (error) {
    return { check, success: false, reason: `the check could not run: ${errorMessage(error)}` };
  }
}
