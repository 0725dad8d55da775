import { CampaignList } from '@/lib/api/compare';
import { apiRoute, json } from '@/lib/http/api-route';
import { campaignList } from '@/lib/panel/campaigns/campaigns';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(async () => json(campaignList(await getPanel())), { response: CampaignList });
