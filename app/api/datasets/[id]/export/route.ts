import { apiRoute } from '@/lib/http/api-route';
import { IdParams, readParams, readQuery } from '@/lib/http/read-request';
import { exportDatasetFile } from '@/lib/panel/datasets/datasets';
import { ExportQuery } from '@/lib/panel/datasets/requests';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

/** The set as a JSONL file (`format`: remora, distil or bfcl); 400 naming the cases a format cannot express. */
export const GET = apiRoute(async (request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await readParams(context.params, IdParams);
  const { format } = readQuery(request, ExportQuery);
  const panel = await getPanel();
  const file = exportDatasetFile(panel, id, format);
  return new Response(file.text, {
    headers: {
      'content-type': 'application/jsonl; charset=utf-8',
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'cache-control': 'no-store',
    },
  });
});
