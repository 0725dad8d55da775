// Two conversations of the same input side by side, with which one did better and why.
import { getConversationPlace, getExperimentInput } from '../../db/queries/compare';
import { NotFoundError } from '../../errors';
import type { PanelContext } from '../context';
import { canonicalJson, judgePair, type PairVerdict } from './inputs';
import { getConversationDetails, type ConversationDetails } from '../conversations/conversations';

export type ConversationPair = {
  a: ConversationDetails;
  b: ConversationDetails;
  verdict: PairVerdict;
  reason: string;
  /** Whether both ran the same input (a pair picked by hand may not have). */
  sameInput: boolean;
};

function factOf(details: ConversationDetails) {
  const { conversation } = details;
  return {
    slot: conversation.slot,
    inputIndex: conversation.inputIndex,
    outcome: conversation.outcome,
    turns: conversation.modelResponseCount,
    correct: conversation.verdictScored === true ? conversation.callCorrect === true : null,
    taskSuccess: conversation.taskSuccess,
    customCheck: conversation.customCheckSuccess,
  };
}

export function getConversationPair(context: PanelContext, idA: string, idB: string): ConversationPair {
  for (const id of [idA, idB])
    if (!getConversationPlace(context.database, id)) throw new NotFoundError(`no conversation with id ${id}`);
  const a = getConversationDetails(context, idA);
  const b = getConversationDetails(context, idB);
  const judged = judgePair(factOf(a), factOf(b));
  // The same input as the comparison matches it: the experiment's input, as canonical JSON.
  const inputOf = (details: ConversationDetails) =>
    getExperimentInput(context.database, details.experiment.id, details.conversation.inputIndex) ??
    details.conversation.input;
  return {
    a,
    b,
    verdict: judged.verdict,
    reason: judged.reason,
    sameInput: canonicalJson(inputOf(a)) === canonicalJson(inputOf(b)),
  };
}
