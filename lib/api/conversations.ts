// Response schemas of the conversation routes (/api/conversations...).
import { z } from 'zod';
import { Verdict } from '../datasets/verdict';
import { ChatMessage, Count, ExperimentStatus, Id, Outcome, ParsePath, Timestamp } from './common';

const ToolExecution = z.looseObject({
  id: z.number().int(),
  turn: Count,
  callId: z.string(),
  toolName: z.string(),
  arguments: z.record(z.string(), z.unknown()),
});

/** GET /api/conversations/:id: the whole transcript, each request rebuilt as it was sent. */
export const Transcript = z.strictObject({
  conversation: z.looseObject({
    id: Id,
    experimentId: Id,
    variantName: z.string(),
    inputIndex: z.number().int(),
    outcome: Outcome,
    error: z.string().nullable(),
    startedAt: Timestamp,
    verdict: Verdict.nullable(),
  }),
  experiment: z.strictObject({ id: Id, agentName: z.string(), status: ExperimentStatus, simulated: z.boolean() }),
  messages: z.array(ChatMessage),
  modelCalls: z.array(
    z.looseObject({
      id: z.number().int(),
      turn: Count,
      status: z.enum(['ok', 'error', 'cancelled']),
      latencyMs: z.number().nonnegative(),
      parsePath: ParsePath.nullable(),
      request: z.looseObject({ messages: z.array(ChatMessage) }),
      requestProblem: z.string().nullable(),
      response: z.unknown(),
      calls: z.array(z.looseObject({ name: z.string() })),
      toolExecutions: z.array(ToolExecution),
    }),
  ),
  toolExecutions: z.array(ToolExecution),
});
export type Transcript = z.infer<typeof Transcript>;
