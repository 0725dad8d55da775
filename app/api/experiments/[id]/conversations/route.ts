import { ConversationPage } from '@/lib/api/experiments';
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readParams, readQuery } from '@/lib/http/read-request';
import { listExperimentConversations } from '@/lib/panel/experiments/experiments';
import { ConversationQuery } from '@/lib/panel/experiments/requests';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  async (request, context: { params: Promise<{ id: string }> }) => {
    const { id } = await readParams(context.params, IdParams);
    const query = readQuery(request, ConversationQuery);
    const panel = await getPanel();
    return json(listExperimentConversations(panel, id, query));
  },
  { response: ConversationPage },
);
