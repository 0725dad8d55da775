// GET /api/search?q=&experiment=&outcome=&parsePath=&errorKind=&tool=&argument=&verdict=&label=&after=&limit=
// -> {conversations, next, total: {count, exact, experiments}, textIgnored, searched}
import { apiRoute, json } from '@/lib/http/api-route';
import { readQuery } from '@/lib/http/read-request';
import { getPanel } from '@/lib/panel/runtime';
import { SearchQuery, searchTranscripts } from '@/lib/panel/review/search';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(async (request) => {
  const query = readQuery(request, SearchQuery);
  return json(searchTranscripts(await getPanel(), query));
});
