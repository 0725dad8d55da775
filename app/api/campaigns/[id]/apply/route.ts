import { CampaignApplied } from '@/lib/api/compare';
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readJsonBody, readParams } from '@/lib/http/read-request';
import { ApplyRequest, applyCampaign } from '@/lib/panel/campaigns/actions';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

/**
 * {} writes the working tree, {branch} commits on a new branch; refused (400, each file named) when a file
 * changed since the campaign read it.
 */
export const POST = apiRoute(
  async (request, context: { params: Promise<{ id: string }> }) => {
    const { id } = await readParams(context.params, IdParams);
    return json(await applyCampaign(await getPanel(), id, await readJsonBody(request, ApplyRequest)));
  },
  { response: CampaignApplied },
);
