import { SUBMIT_RESULT } from '../protocol/conversation';
import type { RunnerTool, ToolExecutionRecord, ValidatedCall } from './types';

/**
 * The record of a call that runs nothing, and the result it submits: a call refused for its problem,
 * the built-in submit_result, or a tool a dataset case declared without an implementation. Null when
 * the tool has a script to run.
 */
export function callWithoutScript(
  turn: number,
  call: ValidatedCall,
  tool: RunnerTool | undefined,
): { execution: ToolExecutionRecord; submitted: Record<string, unknown> | null } | null {
  const base = { turn, callId: call.id, toolName: call.name, arguments: call.arguments };
  if (call.problem) {
    const execution: ToolExecutionRecord = {
      ...base,
      outcome: 'error',
      result: null,
      error: call.problem.message,
      errorKind: call.problem.kind,
      durationMs: 0,
    };
    return { execution, submitted: null };
  }
  if (tool === undefined || tool.script !== null) return null;
  if (tool.name === SUBMIT_RESULT) {
    const execution: ToolExecutionRecord = {
      ...base,
      outcome: 'success',
      result: call.arguments,
      summary: 'result submitted',
      durationMs: 0,
    };
    return { execution, submitted: call.arguments };
  }
  // A tool a dataset case declared for itself: there is nothing to run, and the conversation goes on.
  const execution: ToolExecutionRecord = {
    ...base,
    outcome: 'success',
    result: null,
    summary: 'not executed: the dataset case declares this tool without an implementation',
    durationMs: 0,
  };
  return { execution, submitted: null };
}
