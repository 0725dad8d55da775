import { errorMessage } from '../errors';
import { readBoundedText } from '../http/bounded-body';
import { parseJson } from '../protocol/json';

export type EndpointProbe =
  { reachable: true; simulated: boolean; models: string[]; httpStatus: number } | { reachable: false; error: string };

/**
 * Asks GET {baseUrl}/models. Tells whether the server is up (a server without the route is still
 * up), which models it offers, and whether it is Remora's simulator, whose numbers are not a model's.
 * An API key, when given, goes in the Authorization header (a server that wants one answers 401 without).
 */
export async function probeEndpoint(baseUrl: string, timeoutMs = 5000, apiKey?: string): Promise<EndpointProbe> {
  const url = `${baseUrl.replace(/\/+$/, '')}/models`;
  try {
    const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    const simulated = response.headers.get('x-remora-simulated') === '1';
    let models: string[] = [];
    if (response.ok) {
      // An answer past the size limit or not JSON still shows the server is up; it just names no models.
      const text = await readBoundedText(response).catch(() => null);
      const json = text === null ? null : parseJson(text);
      const body = (json?.ok ? json.value : null) as { data?: unknown } | null;
      const list = Array.isArray(body?.data) ? (body.data as { id?: unknown }[]) : [];
      models = list.map((model) => model?.id).filter((id): id is string => typeof id === 'string');
    } else await response.body?.cancel().catch(() => undefined);
    return { reachable: true, simulated, models, httpStatus: response.status };
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return { reachable: false, error: cause ? errorMessage(cause) : errorMessage(error) };
  }
}
