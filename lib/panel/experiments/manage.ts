// Managing stored experiments from the panel: name, description and tags; resume a cancelled or
// failed one to its full count; delete one (its conversations go with it, never the prompt
// versions or the datasets it used, which live in their own tables).
import { z } from 'zod';
import { deleteExperiment, getExperiment } from '../../db/queries/experiments';
import { MAX_TAGS, updateExperimentDetails } from '../../db/queries/experiment-details';
import { ExperimentConflictError, NotFoundError } from '../../errors';
import { leaseIsLive } from '../../experiments/lease';
import type { PanelContext } from '../context';
import { refusalError } from './experiments';

export const ExperimentDetailsRequest = z
  .object({
    name: z.string().max(200).nullable().optional(),
    description: z.string().max(5_000).nullable().optional(),
    tags: z.array(z.string().trim().min(1).max(40)).max(MAX_TAGS).optional(),
  })
  .strict();
export type ExperimentDetailsRequest = z.infer<typeof ExperimentDetailsRequest>;

export type ExperimentDetailsView = { id: string; name: string | null; description: string | null; tags: string[] };

export function changeExperimentDetails(
  context: PanelContext,
  id: string,
  request: ExperimentDetailsRequest,
): ExperimentDetailsView {
  const row = updateExperimentDetails(context.database, id, request);
  if (!row) throw new NotFoundError(`no experiment with id ${id}`);
  return { id: row.id, name: row.name, description: row.description, tags: row.tags };
}

/** Reopens a cancelled or failed experiment and runs the conversations it is missing, here. */
export function resumeExperimentById(context: PanelContext, id: string): { id: string; status: string } {
  const result = context.jobRunner.resume(id);
  if (!result.started) throw refusalError(result.refusal);
  return { id, status: getExperiment(context.database, id)?.status ?? 'pending' };
}

/** Deletes a stopped experiment and its conversations; a running one must be cancelled first. */
export function deleteExperimentById(context: PanelContext, id: string): { id: string; deleted: true } {
  const row = getExperiment(context.database, id);
  if (!row) throw new NotFoundError(`no experiment with id ${id}`);
  const running =
    context.jobRunner.isRunningHere(id) || ((row.status === 'running' || row.status === 'pending') && leaseIsLive(row));
  if (running) throw new ExperimentConflictError(`experiment ${id} is ${row.status}: cancel it before deleting it`);
  deleteExperiment(context.database, id);
  return { id, deleted: true };
}
