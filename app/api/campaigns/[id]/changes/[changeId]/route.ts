import { CampaignChange, CampaignChangeResult } from '@/lib/api/compare';
import { z } from 'zod';
import { apiRoute, json } from '@/lib/http/api-route';
import { readJsonBody, readParams } from '@/lib/http/read-request';
import { EditRequest, changeResult, saveChangeEdit } from '@/lib/panel/campaigns/campaigns';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

const Params = z.object({ id: z.string().min(1).max(100), changeId: z.string().min(1).max(100) });
type Context = { params: Promise<{ id: string; changeId: string }> };

/** The change's file with only this change applied: the text the person edits. */
export const GET = apiRoute(
  async (_request, context: Context) => {
    const { id, changeId } = await readParams(context.params, Params);
    return json(await changeResult(await getPanel(), id, changeId));
  },
  { response: CampaignChangeResult },
);

/** The person's edited text replaces the change's result (it must parse). */
export const PUT = apiRoute(
  async (request, context: Context) => {
    const { id, changeId } = await readParams(context.params, Params);
    const { text } = await readJsonBody(request, EditRequest);
    return json(await saveChangeEdit(await getPanel(), id, changeId, text));
  },
  { response: CampaignChange },
);
