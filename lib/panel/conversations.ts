// One conversation's whole transcript, as GET /api/conversations/:id returns it.
import { getTranscript, type Transcript } from '../db/queries/transcript';
import { NotFoundError } from '../errors';
import type { PanelContext } from './context';

export function getConversationTranscript(context: PanelContext, conversationId: string): Transcript {
  const transcript = getTranscript(context.database, conversationId);
  if (!transcript) throw new NotFoundError(`no conversation with id ${conversationId}`);
  return transcript;
}
