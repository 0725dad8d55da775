// Rows back into the runner's shapes. Nullable columns stand for keys the runner left out, so a
// stored conversation reads back as the record that was written.
import type { ChatMessage } from '../../protocol/messages';
import type { ModelCallRecord, ToolExecutionRecord } from '../../runner/types';
import type { MessageRow, ModelCallRow, ToolExecutionRow } from '../schema';
import { readTokenLogprobs } from '../../parsing/logprobs';
import { readCompletion } from '../../protocol/chat-completion';

/** Tokens of a stored answer: the row is read again as a completion, since nothing stored is trusted. */
function storedTokenCount(response: unknown): number {
  const read = readCompletion(response);
  return read.ok ? (readTokenLogprobs(read.completion)?.length ?? 0) : 0;
}

export function messageFromRow(row: MessageRow): ChatMessage {
  switch (row.role) {
    case 'system':
    case 'user':
      return { role: row.role, content: row.content ?? '' };
    case 'assistant':
      return row.toolCalls === null
        ? { role: 'assistant', content: row.content }
        : { role: 'assistant', content: row.content, tool_calls: row.toolCalls };
    case 'tool':
      return { role: 'tool', tool_call_id: row.toolCallId ?? '', name: row.name ?? '', content: row.content ?? '' };
  }
}

export function modelCallFromRow(row: ModelCallRow): ModelCallRecord {
  const record: ModelCallRecord = {
    turn: row.turn,
    messagePositions: row.messagePositions,
    requestParams: row.requestParams,
    status: row.status,
    response: row.response,
    error: row.error,
    attempts: row.attempts,
    latencyMs: row.latencyMs,
    usage: row.usage,
    parsePath: row.parsePath,
    parsedCalls: row.parsedCalls,
    calls: row.calls,
    allValid: row.allValid,
    startedAt: row.startedAt,
  };
  if (row.retryWaitMs > 0) record.retryWaitMs = row.retryWaitMs;
  // Only a response that carried logprobs has an insight.
  if (row.rawOutput !== null) {
    record.insight = {
      rawOutput: row.rawOutput,
      tokenCount: storedTokenCount(row.response),
      toolNameConfidence: row.toolNameConfidence,
      toolNames: row.toolNames ?? [],
      lostValues: row.lostValues ?? [],
    };
  }
  return record;
}

export function toolExecutionFromRow(row: ToolExecutionRow): ToolExecutionRecord {
  const execution: ToolExecutionRecord = {
    turn: row.turn,
    callId: row.callId,
    toolName: row.toolName,
    arguments: row.arguments,
    result: row.result,
    outcome: row.outcome,
    durationMs: row.durationMs,
  };
  if (row.summary !== null) execution.summary = row.summary;
  if (row.knowledgeDelta !== null) execution.knowledge_delta = row.knowledgeDelta;
  if (row.error !== null) execution.error = row.error;
  if (row.errorKind !== null) execution.errorKind = row.errorKind as ToolExecutionRecord['errorKind'];
  return execution;
}
