import { CampaignDecision } from '@/lib/api/compare';
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readJsonBody, readParams } from '@/lib/http/read-request';
import { DecisionRequest, decideChanges } from '@/lib/panel/campaigns/campaigns';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

/**
 * {action: "accept"|"reject", ids} or {action: "accept-all-passing"}; overlapping accepts are refused (400, both
 * named).
 */
export const POST = apiRoute(
  async (request, context: { params: Promise<{ id: string }> }) => {
    const { id } = await readParams(context.params, IdParams);
    return json(decideChanges(await getPanel(), id, await readJsonBody(request, DecisionRequest)));
  },
  { response: CampaignDecision },
);
