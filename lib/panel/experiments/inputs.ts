// What an experiment from the panel runs on: the inputs of the request, a stored dataset's cases
// (scored against what each case expects), or the agent's default inputs. A dataset run asks one
// model call per conversation unless told otherwise, as `remora harness --dataset` does: only the
// first response is scored.
import { datasetExperimentInputs } from '../../db/queries/datasets';
import type { DatasetRun } from '../../datasets/experiment-cases';
import { InputError, NotFoundError } from '../../errors';
import type { ConversationInput } from '../../protocol/conversation';
import type { PanelContext } from '../context';
import type { CreateExperimentRequest } from './requests';

export type ExperimentInputs = { inputs: ConversationInput[]; dataset?: DatasetRun; maxTurns?: number };

export function resolveExperimentInputs(
  context: PanelContext,
  request: Pick<CreateExperimentRequest, 'agent' | 'inputs' | 'dataset' | 'maxTurns' | 'scoring'>,
  agentInputs: ConversationInput[],
): ExperimentInputs {
  const maxTurns = request.maxTurns;
  if (request.dataset !== undefined) {
    if (request.inputs !== undefined)
      throw new InputError('give either inputs or a dataset', ['dataset: give either inputs or a dataset, not both']);
    let run: { inputs: ConversationInput[]; dataset: DatasetRun };
    try {
      run = datasetExperimentInputs(context.database, request.dataset);
    } catch (error) {
      // A dataset the request names that is not there is the request's problem, not a missing page.
      // (By name as well: the error may come from another bundle's copy of lib/errors.)
      if (NotFoundError.is(error)) {
        throw new InputError(
          `unknown dataset "${request.dataset}"`,
          [`dataset: no dataset named or with id "${request.dataset}"`],
          { cause: error },
        );
      }
      throw error;
    }
    if (run.inputs.length === 0)
      throw new InputError(`dataset "${request.dataset}" has no cases`, ['dataset: the dataset has no cases']);
    // Absent means lenient, so that lenient runs keep the stored shape (and resume hash) they had.
    const dataset = request.scoring === 'bfcl' ? { ...run.dataset, scoring: 'bfcl' as const } : run.dataset;
    return { inputs: run.inputs, dataset, maxTurns: maxTurns ?? 1 };
  }
  if (request.scoring !== undefined)
    throw new InputError('scoring goes with a dataset', ['scoring: give a dataset to score, or leave scoring out']);
  const inputs = request.inputs ?? agentInputs;
  if (inputs.length === 0)
    throw new InputError(`agent "${request.agent}" has no default inputs`, [
      'inputs: give some, or add default inputs to the agent',
    ]);
  return { inputs, maxTurns };
}
