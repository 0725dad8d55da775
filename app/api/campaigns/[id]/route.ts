import { CampaignOverview } from '@/lib/api/compare';
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readParams } from '@/lib/http/read-request';
import { campaignOverview } from '@/lib/panel/campaigns/campaigns';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  async (_request, context: { params: Promise<{ id: string }> }) => {
    const { id } = await readParams(context.params, IdParams);
    return json(campaignOverview(await getPanel(), id));
  },
  { response: CampaignOverview },
);
