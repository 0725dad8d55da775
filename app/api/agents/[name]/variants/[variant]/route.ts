import { VariantHistory } from '@/lib/api/agents';
import { apiRoute, json } from '@/lib/http/api-route';
import { readParams } from '@/lib/http/read-request';
import { VariantParams } from '@/lib/panel/agents/requests';
import { getVariantHistory } from '@/lib/panel/agents/variants';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

/** Every version of one variant, newest first. */
export const GET = apiRoute(
  async (_request, context: { params: Promise<{ name: string; variant: string }> }) => {
    const { name, variant } = await readParams(context.params, VariantParams);
    const panel = await getPanel();
    return json({ versions: getVariantHistory(panel, name, variant) });
  },
  { response: VariantHistory },
);
