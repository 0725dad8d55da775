// Response schemas of the experiment routes (/api/experiments...).
import { z } from 'zod';
import { SummaryJson } from '../metrics/summary-json';
import { Count, Id, Outcome, ParsePath, ShownStatus, Timestamp, TokenPrices } from './common';

const Progress = z.strictObject({ done: Count, total: Count });

/** GET /api/experiments/:id: the spec's {id, status, progress, summary}, and what a page shows beside them. */
export const ExperimentView = z.strictObject({
  id: Id,
  status: ShownStatus,
  progress: Progress,
  summary: SummaryJson,
  agentName: z.string(),
  simulated: z.boolean(),
  createdAt: Timestamp,
  startedAt: Timestamp.nullable(),
  finishedAt: Timestamp.nullable(),
  error: z.string().nullable(),
  inFlight: Count,
  active: z.boolean(),
  settings: z
    .strictObject({
      endpoint: z.strictObject({
        baseUrl: z.string(),
        model: z.string(),
        apiKeyEnv: z.string().nullable(),
        builtInSimulator: z.boolean(),
      }),
      requestsPerVariant: Count,
      concurrency: Count,
      inputCount: Count,
      variants: z.array(
        z.strictObject({
          name: z.string(),
          systemPrompt: z.string(),
          nodeContext: z.string(),
          settings: z.record(z.string(), z.unknown()),
          pricePerMillionTokens: TokenPrices.nullable(),
        }),
      ),
      sandbox: z
        .strictObject({
          confinement: z.enum(['bubblewrap', 'none']),
          unsafeNoSandbox: z.boolean(),
          toolProcesses: z.boolean(),
        })
        .nullable(),
    })
    .nullable(),
});
export type ExperimentView = z.infer<typeof ExperimentView>;

/** GET /api/experiments: one row per experiment, newest first. */
export const ExperimentList = z.strictObject({
  experiments: z.array(
    z.looseObject({
      id: Id,
      agentName: z.string(),
      status: ShownStatus,
      simulated: z.boolean(),
      totalConversations: Count,
      createdAt: Timestamp,
      progress: Progress,
      active: z.boolean(),
      name: z.string().nullable(),
      tags: z.array(z.string()),
    }),
  ),
});
export const RerunCreated = z.strictObject({ id: Id, inputs: Count });
export const ExperimentCancelled = z.strictObject({ id: Id, status: ShownStatus });

const VariantSeries = z.strictObject({ variantIndex: z.number().int(), count: Count });

/** GET /api/experiments/:id/charts: the experiment view and the distributions its charts draw. */
export const ExperimentCharts = z.strictObject({
  view: ExperimentView,
  charts: z.strictObject({
    variants: z.array(z.string()),
    turns: z.array(VariantSeries.extend({ turns: Count })),
    latency: z.strictObject({
      buckets: z
        .strictObject({ width: z.number().positive(), firstIndex: z.number().int(), lastIndex: z.number().int() })
        .nullable(),
      groups: z.array(VariantSeries.extend({ bucket: z.number().int() })),
    }),
    confusions: z
      .array(
        z.strictObject({
          variant: z.string(),
          total: Count,
          matrix: z.looseObject({
            rows: z.array(z.string()),
            columns: z.array(z.string()),
            counts: z.array(z.array(Count)),
          }),
        }),
      )
      .nullable(),
  }),
});
export type ExperimentCharts = z.infer<typeof ExperimentCharts>;

/** One row of an experiment's conversation list (the wide JSON of the outcome left out). */
const ConversationListItem = z.looseObject({
  id: Id,
  experimentId: Id,
  variantIndex: z.number().int(),
  variantName: z.string(),
  slot: z.number().int(),
  inputIndex: z.number().int(),
  input: z.looseObject({ node_text: z.string() }),
  outcome: Outcome,
  finalText: z.string().nullable(),
  error: z.string().nullable(),
  modelCallCount: Count,
  toolCallCount: Count,
  startedAt: Timestamp,
  durationMs: z.number().nonnegative(),
  parsePaths: z.array(ParsePath.nullable()),
});

/** GET /api/experiments/:id/conversations */
export const ConversationPage = z.strictObject({
  total: Count,
  limit: Count,
  offset: Count,
  conversations: z.array(ConversationListItem),
});
export type ConversationPage = z.infer<typeof ConversationPage>;

/** POST /api/experiments/:id/failures-dataset */
export const FailuresDataset = z.strictObject({ datasetId: Id, name: z.string(), cases: Count, reused: z.boolean() });
