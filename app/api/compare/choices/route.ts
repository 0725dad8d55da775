import { CompareChoices } from '@/lib/api/compare';
// GET /api/compare/choices: the experiments (newest first) and their variants, to pick two from.
import { apiRoute, json } from '@/lib/http/api-route';
import { listCompareChoices } from '@/lib/panel/compare/compare';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  async () => {
    const panel = await getPanel();
    return json({ experiments: listCompareChoices(panel) });
  },
  { response: CompareChoices },
);
