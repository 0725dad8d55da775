import { CampaignChanges } from '@/lib/api/compare';
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readParams, readQuery } from '@/lib/http/read-request';
import { ChangeQuery, campaignChanges } from '@/lib/panel/campaigns/campaigns';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  async (request, context: { params: Promise<{ id: string }> }) => {
    const { id } = await readParams(context.params, IdParams);
    return json(campaignChanges(await getPanel(), id, readQuery(request, ChangeQuery)));
  },
  { response: CampaignChanges },
);
