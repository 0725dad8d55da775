import { CampaignList, CampaignStarted } from '@/lib/api/compare';
import { apiRoute, json } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-request';
import { StartCampaignRequest, startCampaign } from '@/lib/panel/campaigns/actions';
import { campaignList } from '@/lib/panel/campaigns/campaigns';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(async () => json(campaignList(await getPanel())), { response: CampaignList });

/**
 * {agent, repo, exclude, baseUrl ('' for the built-in simulator), model, concurrency, unsafeFixes} ->
 * 201 {id, resumed}; it runs on in the background.
 */
export const POST = apiRoute(
  async (request) => {
    const body = await readJsonBody(request, StartCampaignRequest);
    return json(await startCampaign(await getPanel(), body), 201);
  },
  { response: CampaignStarted },
);
