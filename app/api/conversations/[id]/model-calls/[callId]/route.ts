// One model call's rebuilt request and raw response for the transcript page, which loads them when
// they are opened; `?full=1` gives the raw response body exactly as stored.
import { z } from 'zod';
import { apiRoute, json } from '@/lib/http/api-route';
import { readParams } from '@/lib/http/read-request';
import { getConversationTranscript, getModelCallDetails } from '@/lib/panel/conversations/conversations';
import { getPanel } from '@/lib/panel/runtime';
import { NotFoundError } from '@/lib/errors';

export const dynamic = 'force-dynamic';

const Params = z.object({ id: z.string().min(1).max(200), callId: z.coerce.number().int().min(0) });

export const GET = apiRoute(async (request, context: { params: Promise<{ id: string; callId: string }> }) => {
  const { id, callId } = await readParams(context.params, Params);
  const panel = await getPanel();
  if (new URL(request.url).searchParams.get('full') === '1') {
    const call = getConversationTranscript(panel, id).modelCalls.find((candidate) => candidate.id === callId);
    if (!call) throw new NotFoundError(`conversation ${id} has no model call ${callId}`);
    return json(call.response ?? null);
  }
  return json(getModelCallDetails(panel, id, callId));
});
