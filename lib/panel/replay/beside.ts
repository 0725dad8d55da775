// The original conversation beside its replays, for a replay experiment's page: the original from
// the turn the replays start at, and each replay (its turn 1 is the original's turn N).
import { listConversations } from '../../db/queries/conversations';
import { NotFoundError } from '../../errors';
import type { PanelContext } from '../context';
import { getConversationDetails, type ConversationDetails } from '../conversations/conversations';

/** Replays shown beside the original; the rest are in the experiment's conversation list. */
const REPLAYS_SHOWN = 4;

export type ReplayBeside = {
  fromTurn: number;
  original: ConversationDetails;
  replays: ConversationDetails[];
  /** Replays stored beyond those shown. */
  more: number;
};

/** Null when the original conversation is gone (its experiment was deleted). */
export function replayBeside(
  context: PanelContext,
  experimentId: string,
  origin: { conversationId: string; fromTurn: number },
): ReplayBeside | null {
  let original: ConversationDetails;
  try {
    original = getConversationDetails(context, origin.conversationId);
  } catch (error) {
    if (NotFoundError.is(error)) return null;
    throw error;
  }
  const page = listConversations(context.database, experimentId, { limit: REPLAYS_SHOWN });
  return {
    fromTurn: origin.fromTurn,
    original,
    replays: page.conversations.map((conversation) => getConversationDetails(context, conversation.id)),
    more: Math.max(0, page.total - page.conversations.length),
  };
}
