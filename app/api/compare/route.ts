import { Comparison } from '@/lib/api/compare';
// GET /api/compare?a=EXPERIMENT:VARIANT&b=EXPERIMENT:VARIANT[&filter=&order=&q=&page=]: the two
// variants' metrics with each difference in plain words, and which did better per input.
import { apiRoute, json } from '@/lib/http/api-route';
import { readQuery } from '@/lib/http/read-request';
import { compareVariants } from '@/lib/panel/compare/compare';
import { CompareQuery } from '@/lib/panel/compare/request';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  async (request) => {
    const query = readQuery(request, CompareQuery.strict());
    const panel = await getPanel();
    return json(
      compareVariants(panel, query.a, query.b, {
        filter: query.filter,
        order: query.order,
        query: query.q,
        page: query.page,
      }),
    );
  },
  { response: Comparison },
);
