// GET /api/experiments/:id/export?format=csv|json|jsonl: the experiment as a file, streamed.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { IdParams, readParams, readQuery } from '@/lib/http/read-request';
import { EXPORT_FORMATS, exportExperiment } from '@/lib/panel/export/export';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

const ExportQuery = z.object({ format: z.enum(EXPORT_FORMATS).default('csv') }).strict();

export const GET = apiRoute(async (request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await readParams(context.params, IdParams);
  const { format } = readQuery(request, ExportQuery);
  const panel = await getPanel();
  const file = exportExperiment(panel, id, format);
  return new Response(file.stream, {
    status: 200,
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
