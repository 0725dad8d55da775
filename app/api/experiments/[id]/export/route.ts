// GET /api/experiments/:id/export?format=csv|json|jsonl: the experiment as a file, streamed.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { IdParams, readParams, readQuery } from '@/lib/http/read-request';
import { EXPORT_FORMATS, exportExperiment } from '@/lib/panel/export/export';
import { getPanel } from '@/lib/panel/runtime';
import { InputError } from '@/lib/errors';
import { FILTER_KEYS, readConversationListRequest } from '@/lib/panel/conversations/query';

export const dynamic = 'force-dynamic';

// The list's filters (variant, outcome, parsePath, error, q, tool, argument, verdict, label) narrow it.
const ExportQuery = z.object({ format: z.enum(EXPORT_FORMATS).default('csv') }).catchall(z.string());

export const GET = apiRoute(async (request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await readParams(context.params, IdParams);
  const { format, ...rest } = readQuery(request, ExportQuery);
  const { filters, ignored } = readConversationListRequest(rest);
  const unknown = Object.keys(rest).filter((key) => !(FILTER_KEYS as readonly string[]).includes(key));
  if (ignored.length > 0 || unknown.length > 0)
    throw new InputError('invalid query parameters', [
      ...ignored.map((key) => `${key}: not a known value`),
      ...unknown.map((key) => `${key}: not a filter`),
    ]);
  const panel = await getPanel();
  const file = exportExperiment(panel, id, format, { filters });
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
