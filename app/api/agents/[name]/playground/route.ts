// POST /api/agents/:name/playground with {inputIndex | text, endpoint, variant}: one conversation
// run now, answered as server-sent events (native-prompt, model-delta, model-call, tool-result,
// end, kept). A bad request is a 400 before the stream starts; closing the request stops the run.
import { apiRoute } from '@/lib/http/api-route';
import { readJsonBody, readParams } from '@/lib/http/read-request';
import { eventStream } from '@/lib/http/server-sent-events';
import { AgentNameParams } from '@/lib/panel/agents/requests';
import { PlaygroundRequest, preparePlayground, runPreparedPlayground } from '@/lib/panel/playground/playground';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(async (request, context: { params: Promise<{ name: string }> }) => {
  const { name } = await readParams(context.params, AgentNameParams);
  const body = await readJsonBody(request, PlaygroundRequest);
  const panel = await getPanel();
  const prepared = await preparePlayground(panel, name, body);
  const stream = eventStream(
    (send) => runPreparedPlayground(panel, prepared, (event) => send(event.type, event), request.signal),
    request.signal,
  );
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    },
  });
});
