import { apiRoute } from '@/lib/http/api-route';
import { IdParams, readParams } from '@/lib/http/read-request';
import { campaignPatch } from '@/lib/panel/campaigns/campaigns';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

/** The accepted changes as one patch file, its bytes exactly as `git apply` wants them. */
export const GET = apiRoute(async (_request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await readParams(context.params, IdParams);
  const patch = await campaignPatch(await getPanel(), id);
  return new Response(new Uint8Array(patch), {
    headers: {
      'content-type': 'text/x-diff',
      'content-disposition': `attachment; filename="campaign-${id}.patch"`,
      'cache-control': 'no-store',
    },
  });
});
