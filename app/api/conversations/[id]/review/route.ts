// GET /api/conversations/:id/review -> {labels, note}; PATCH with {add?, remove?, note?} changes them.
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readJsonBody, readParams } from '@/lib/http/read-request';
import { changeReview, readReview, ReviewRequest } from '@/lib/panel/review/review';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

export const GET = apiRoute(async (_request, context: Context) => {
  const { id } = await readParams(context.params, IdParams);
  return json(readReview(await getPanel(), id));
});

export const PATCH = apiRoute(async (request, context: Context) => {
  const { id } = await readParams(context.params, IdParams);
  const body = await readJsonBody(request, ReviewRequest);
  return json(changeReview(await getPanel(), id, body));
});
