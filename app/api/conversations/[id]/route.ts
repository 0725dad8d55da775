import { Transcript } from '@/lib/api/conversations';
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readParams } from '@/lib/http/read-request';
import { getConversationTranscript } from '@/lib/panel/conversations/conversations';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  async (_request, context: { params: Promise<{ id: string }> }) => {
    const { id } = await readParams(context.params, IdParams);
    const panel = await getPanel();
    return json(getConversationTranscript(panel, id));
  },
  { response: Transcript },
);
