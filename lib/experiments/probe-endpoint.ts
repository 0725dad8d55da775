// Is the model server up? Asked over node:http(s), as the model client asks: the global fetch
// would load Node's bundled undici first, about a tenth of a second of CPU at every command start.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { errorMessage } from '../errors';
import { BodyTooLargeError, readBounded, utf8Text } from '../http/bounded-body';
import { LIMITS } from '../protocol/limits';
import { parseJson } from '../protocol/json';

export type EndpointProbe =
  { reachable: true; simulated: boolean; models: string[]; httpStatus: number } | { reachable: false; error: string };

const MAX_REDIRECTS = 20;

type Answer = { status: number; simulated: boolean; text: string | null };

/**
 * Asks GET {baseUrl}/models. Tells whether the server is up (a server without the route is still
 * up), which models it offers, and whether it is Remora's simulator, whose numbers are not a model's.
 * An API key, when given, goes in the Authorization header (a server that wants one answers 401 without).
 */
export async function probeEndpoint(baseUrl: string, timeoutMs = 5000, apiKey?: string): Promise<EndpointProbe> {
  const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    let url = new URL(`${baseUrl.replace(/\/+$/, '')}/models`);
    for (let redirects = 0; ; redirects++) {
      const answer = await get(url, headers, deadline);
      if ('location' in answer) {
        if (redirects >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
        url = new URL(answer.location, url);
        continue;
      }
      return { reachable: true, simulated: answer.simulated, models: modelIds(answer), httpStatus: answer.status };
    }
  } catch (error) {
    if (deadline.aborted) return { reachable: false, error: `no answer within ${timeoutMs} ms` };
    return { reachable: false, error: errorMessage(error) };
  }
}

/** The ids a successful answer lists; an answer past the size limit or not JSON still shows the server is up. */
function modelIds(answer: Answer): string[] {
  if (answer.status < 200 || answer.status > 299 || answer.text === null) return [];
  const json = parseJson(answer.text);
  const body = (json.ok ? json.value : null) as { data?: unknown } | null;
  const list = Array.isArray(body?.data) ? (body.data as { id?: unknown }[]) : [];
  return list.map((model) => model?.id).filter((id): id is string => typeof id === 'string');
}

function get(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<Answer | { location: string }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new Error(`unsupported protocol ${url.protocol}`));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, { headers: { accept: 'application/json', ...headers }, signal }, (response) => {
      const location = response.headers.location;
      if (response.statusCode && [301, 302, 303, 307, 308].includes(response.statusCode) && location) {
        response.resume();
        resolve({ location });
        return;
      }
      const answer = (text: string | null) =>
        resolve({ status: response.statusCode ?? 0, simulated: response.headers['x-remora-simulated'] === '1', text });
      // Past the size limit the server is still up: the answer then names no model.
      readBounded(response, LIMITS.responseBytes.default).then(
        (bytes) => answer(utf8Text(bytes)),
        (error) => (error instanceof BodyTooLargeError ? answer(null) : reject(error)),
      );
    });
    request.on('error', reject);
    request.end();
  });
}
