// A conversation as the model saw it: every request rebuilt from the stored messages, the
// experiment's tools and the call's parameters.
import { asc, eq } from 'drizzle-orm';
import type { ChatMessage, ChatRequest } from '../../protocol/messages';
import type { ModelCallRecord, ToolExecutionRecord } from '../../runner/types';
import type { RemoraDatabase } from '../client';
import { toolsSentBy } from '../experiment-config';
import {
  conversations,
  experiments,
  messages,
  modelCalls,
  toolExecutions,
  type ConversationRow,
  type ExperimentRow,
} from '../schema';
import { messageFromRow, modelCallFromRow, toolExecutionFromRow } from './conversation-rows';

export type TranscriptToolExecution = ToolExecutionRecord & { id: number };

export type TranscriptModelCall = Omit<ModelCallRecord, 'requestParams'> & {
  id: number;
  /** The request body exactly as it was sent. */
  request: ChatRequest;
  /** Why the request could not be rebuilt in full (its tools are missing from the config), else null. */
  requestProblem: string | null;
  /** The executions of the calls in this response, in order. */
  toolExecutions: TranscriptToolExecution[];
};

export type Transcript = {
  conversation: ConversationRow;
  experiment: Pick<ExperimentRow, 'id' | 'agentName' | 'status' | 'simulated'>;
  messages: ChatMessage[];
  modelCalls: TranscriptModelCall[];
  toolExecutions: TranscriptToolExecution[];
};

/** Rebuilds the request a model call sent; the runner builds it the same way (see run-conversation.ts). */
function rebuildRequest(
  call: Pick<ModelCallRecord, 'messagePositions' | 'requestParams'>,
  conversationMessages: ChatMessage[],
  tools: ChatRequest['tools'] | null,
): { request: ChatRequest; problem: string | null } {
  const { toolsSent, systemSuffix, ...wire } = call.requestParams;
  const sent = call.messagePositions.map((position) => conversationMessages[position]);
  let problem: string | null = null;
  const missing = call.messagePositions.filter((position) => conversationMessages[position] === undefined);
  if (missing.length > 0) problem = `messages at positions ${missing.join(', ')} are not stored`;
  // Accumulated knowledge went into the system message of this request only.
  if (systemSuffix && sent[0]?.role === 'system') sent[0] = { role: 'system', content: sent[0].content + systemSuffix };
  const request: ChatRequest = { ...wire, messages: sent.filter((message) => message !== undefined) };
  if (toolsSent) {
    if (tools) request.tools = tools;
    else problem ??= 'the request carried tools, but the experiment config does not hold them';
  }
  return { request, problem };
}

export function getTranscript(database: RemoraDatabase, conversationId: string): Transcript | null {
  const conversation = database.select().from(conversations).where(eq(conversations.id, conversationId)).get();
  if (!conversation) return null;
  const experiment = database
    .select({
      id: experiments.id,
      agentName: experiments.agentName,
      status: experiments.status,
      simulated: experiments.simulated,
      config: experiments.config,
    })
    .from(experiments)
    .where(eq(experiments.id, conversation.experimentId))
    .get();
  if (!experiment) return null;

  const conversationMessages = database
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.position))
    .all()
    .map(messageFromRow);
  const executions: TranscriptToolExecution[] = database
    .select()
    .from(toolExecutions)
    .where(eq(toolExecutions.conversationId, conversationId))
    .orderBy(asc(toolExecutions.id))
    .all()
    .map((row) => ({ id: row.id, ...toolExecutionFromRow(row) }));
  // A dataset case that declares its own tools was sent those instead of the agent's.
  const tools = conversation.input.tools
    ? { ok: true as const, value: conversation.input.tools }
    : toolsSentBy(experiment.config, conversation.variantIndex);

  const calls = database
    .select()
    .from(modelCalls)
    .where(eq(modelCalls.conversationId, conversationId))
    .orderBy(asc(modelCalls.id))
    .all()
    .map((row): TranscriptModelCall => {
      const { requestParams, ...record } = modelCallFromRow(row);
      const rebuilt = rebuildRequest(
        { messagePositions: row.messagePositions, requestParams },
        conversationMessages,
        tools.ok ? tools.value : null,
      );
      const callIds = new Set(record.calls.map((call) => call.id));
      return {
        id: row.id,
        ...record,
        request: rebuilt.request,
        requestProblem: rebuilt.problem,
        toolExecutions: executions.filter(
          (execution) => execution.turn === record.turn && callIds.has(execution.callId),
        ),
      };
    });

  const { config: _config, ...experimentFields } = experiment;
  return {
    conversation,
    experiment: experimentFields,
    messages: conversationMessages,
    modelCalls: calls,
    toolExecutions: executions,
  };
}
