import { Created } from '@/lib/api/common';
// POST /api/conversations/:id/replay {fromTurn, variant?, requests?} -> 201 {id}: the conversation
// run again from turn N as a new experiment linked to it (lib/replay/README.md).
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readJsonBody, readParams } from '@/lib/http/read-request';
import { ReplayRequestBody, replayConversation } from '@/lib/panel/replay/actions';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  async (request, context: { params: Promise<{ id: string }> }) => {
    const { id } = await readParams(context.params, IdParams);
    const body = await readJsonBody(request, ReplayRequestBody);
    const panel = await getPanel();
    return json(replayConversation(panel, id, body), 201);
  },
  { response: Created },
);
