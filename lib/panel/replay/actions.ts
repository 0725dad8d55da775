// The panel's side of replay: requests validated with zod, experiments created and started on the
// panel's job runner (routes: POST /api/conversations/:id/replay, POST /api/experiments/:id/rerun-failed).
import { z } from 'zod';
import { failedInputIndexes } from '../../db/queries/failed-inputs';
import { ConfigurationError, InputError } from '../../errors';
import { createStoredExperiment } from '../../experiments/service';
import type { PanelContext } from '../context';
import { refusalError } from '../experiments/experiments';
import { VariantSettingsRequest } from '../experiments/requests';
import { planReplay, planRerunFailed, type PlannedExperiment } from '../../replay/replay';

const ReplayVariantRequest = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    systemPrompt: z.string().max(200_000).optional(),
    model: z.string().trim().min(1).optional(),
    settings: VariantSettingsRequest.omit({ toolChoice: true }).optional(),
  })
  .strict();

export const ReplayRequestBody = z
  .object({
    fromTurn: z.number().int().min(1),
    variant: ReplayVariantRequest.optional(),
    requests: z.number().int().min(1).max(1000).default(1),
    /** Where the server has no sandbox: run model-written code anyway (asked again, as for a new experiment). */
    unsafeNoSandbox: z.boolean().default(false),
  })
  .strict();
export type ReplayRequestBody = z.infer<typeof ReplayRequestBody>;

export const RerunFailedBody = z
  .object({
    /** A variant of the same experiment, by name. */
    variantName: z.string().min(1).optional(),
    /** Or a new variant. */
    variant: ReplayVariantRequest.optional(),
    /** Only the inputs this variant failed. */
    failedIn: z.string().min(1).optional(),
    repeats: z.number().int().min(1).max(100).default(1),
    unsafeNoSandbox: z.boolean().default(false),
  })
  .strict()
  .refine((body) => (body.variantName === undefined) !== (body.variant === undefined), {
    message: 'give variantName or variant, one of them',
  });
export type RerunFailedBody = z.infer<typeof RerunFailedBody>;

/** A plan refused for want of a sandbox is the request's to fix (tick "Run without a sandbox"): a 400, not a 500. */
function planned(plan: () => PlannedExperiment): PlannedExperiment {
  try {
    return plan();
  } catch (error) {
    if (ConfigurationError.is(error)) throw new InputError(error.message, error.problems);
    throw error;
  }
}

function createAndStart(context: PanelContext, planned: PlannedExperiment): string {
  const row = createStoredExperiment(context.database, planned.config, planned.agent);
  const start = context.jobRunner.start(row.id);
  if (!start.started) throw refusalError(start.refusal);
  return row.id;
}

export function replayConversation(
  context: PanelContext,
  conversationId: string,
  body: ReplayRequestBody,
): { id: string } {
  return {
    id: createAndStart(
      context,
      planned(() => planReplay(context.database, conversationId, body)),
    ),
  };
}

export function rerunFailedInputs(
  context: PanelContext,
  experimentId: string,
  body: RerunFailedBody,
): { id: string; inputs: number } {
  const failed = failedInputIndexes(context.database, experimentId, body.failedIn);
  const plan = planned(() =>
    planRerunFailed(context.database, experimentId, failed, {
      variantName: body.variantName,
      variant: body.variant,
      repeats: body.repeats,
      unsafeNoSandbox: body.unsafeNoSandbox,
    }),
  );
  return { id: createAndStart(context, plan), inputs: failed.length };
}
