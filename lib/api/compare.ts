// Response schemas of the compare and campaign routes (/api/compare..., /api/campaigns...).
import { z } from 'zod';
import { Count, ExperimentStatus, Id, Outcome, Timestamp, TokenPrices } from './common';

const ComparableExperiment = z.looseObject({
  id: Id,
  agentName: z.string(),
  status: ExperimentStatus,
  simulated: z.boolean(),
  createdAt: Timestamp,
  totalConversations: Count,
  datasetName: z.string().nullable(),
});

/** GET /api/compare/choices: the experiments to pick from, newest first, with their variants. */
export const CompareChoices = z.strictObject({ experiments: z.array(ComparableExperiment) });

const Side = z.strictObject({
  ref: z.strictObject({ experimentId: Id, variant: z.string() }),
  label: z.string(),
  experiment: ComparableExperiment,
  variantIndex: z.number().int().nonnegative(),
  pricePerMillionTokens: TokenPrices.nullable(),
});

const Verdict = z.enum(['a', 'b', 'same', 'not_judged']);
const Fact = z.strictObject({
  slot: z.number().int(),
  inputIndex: z.number().int(),
  outcome: Outcome,
  turns: Count,
  correct: z.boolean().nullable(),
  taskSuccess: z.boolean().nullable(),
  customCheck: z.boolean().nullable().optional(),
  id: Id.nullable(),
});
const VerdictCounts = z.strictObject({ a: Count, b: Count, same: Count, not_judged: Count });

/** GET /api/compare: two variants' metrics in words, and who did better per input. */
export const Comparison = z.strictObject({
  a: Side,
  b: Side,
  metrics: z.strictObject({
    a: z.looseObject({ name: z.string(), conversations: Count }),
    b: z.looseObject({ name: z.string(), conversations: Count }),
    metrics: z.array(
      z.strictObject({
        metric: z.string(),
        label: z.string(),
        comparison: z.looseObject({ metric: z.string(), difference: z.number().nullable(), detectable: z.boolean() }),
        sentence: z.string(),
      }),
    ),
    primaryMetric: z.string().optional(),
    balance: z.looseObject({ balanced: z.boolean(), warnings: z.array(z.string()) }).optional(),
  }),
  perInput: z.strictObject({
    tally: VerdictCounts.extend({ pairs: Count, sharedInputs: Count }).loose(),
    filter: z.enum(['all', 'a', 'b', 'same', 'differ', 'failures']),
    order: z.enum(['input', 'a-better', 'b-better']),
    query: z.string().nullable(),
    matching: Count,
    rows: z.array(
      z.strictObject({
        key: z.string(),
        label: z.string(),
        inputIndexA: z.number().int(),
        inputIndexB: z.number().int(),
        counts: VerdictCounts,
        pairCount: Count,
        unpairedA: Count,
        unpairedB: Count,
        pairs: z.array(z.strictObject({ repeat: Count, verdict: Verdict, reason: z.string(), a: Fact, b: Fact })),
      }),
    ),
    page: z.number().int().positive(),
    pageCount: Count,
  }),
});
export type Comparison = z.infer<typeof Comparison>;

const CampaignFields = { id: Id, experimentId: Id, createdAt: Timestamp };

/** GET /api/campaigns */
export const CampaignList = z.array(z.looseObject({ ...CampaignFields, agentName: z.string(), repoRoot: z.string() }));

/** GET /api/campaigns/:id */
export const CampaignOverview = z.looseObject({
  ...CampaignFields,
  agent: z.string(),
  status: z.string(),
  progress: z.strictObject({ done: Count, total: Count }),
  changes: z.looseObject({ total: Count, pending: Count, accepted: Count, rejected: Count, failing: Count }),
});

const Change = z.looseObject({ id: Id, status: z.enum(['pending', 'accepted', 'rejected']), path: z.string() });

/** GET /api/campaigns/:id/changes */
export const CampaignChanges = z.strictObject({ changes: z.array(Change), total: Count });
/** PUT /api/campaigns/:id/changes/:changeId */
export const CampaignChange = Change;
/** GET /api/campaigns/:id/changes/:changeId: the file as the change leaves it. */
export const CampaignChangeResult = z.looseObject({ path: z.string(), text: z.string() });
/** POST /api/campaigns/:id/decisions */
export const CampaignDecision = z.union([
  z.strictObject({ accepted: z.array(Id), skipped: z.array(z.strictObject({ id: Id, reason: z.string() })) }),
  z.strictObject({ rejected: Count }),
]);
/** POST /api/campaigns: started, or the unfinished campaign with the same settings resumed. */
export const CampaignStarted = z.strictObject({ id: Id, resumed: z.boolean() });
/** POST /api/campaigns/:id/apply */
export const CampaignApplied = z.strictObject({
  mode: z.enum(['working-tree', 'branch']),
  files: z.array(z.string()),
  branch: z.string().optional(),
  commits: z.array(z.string()).optional(),
});
/** POST /api/campaigns/:id/tests: the repository's test command's result, as stored with the campaign. */
export const CampaignTestRun = z.strictObject({
  command: z.string(),
  where: z.string(),
  exitCode: z.number().int().nullable(),
  passed: z.boolean(),
  output: z.string(),
  at: Timestamp,
  timedOut: z.boolean(),
  confinement: z.string(),
});
