// Small JSON requests to a model server's own routes (/v1/models, /tokenize, /detokenize). Not the
// hot path (that is lib/runner/model-client.ts): fetch is fine here. Failures come back as values.
import { errorMessage } from '../errors';
import { BodyTooLargeError, readBoundedText } from '../http/bounded-body';
import { parseJson } from '../protocol/json';

export type JsonAnswer =
  | { ok: true; status: number; body: unknown; simulated: boolean }
  | { ok: false; status: number | null; error: string; body?: unknown };

/** The server's root: the base URL without a trailing /v1 (vLLM serves /tokenize there, not under /v1). */
export function serverRoot(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
}

function serverMessage(body: unknown, text: string): string {
  const error = (body as { error?: unknown; detail?: unknown; message?: unknown } | null) ?? null;
  const message =
    (error?.error as { message?: unknown } | undefined)?.message ?? error?.message ?? error?.detail ?? error?.error;
  if (typeof message === 'string') return message;
  if (message !== undefined) return JSON.stringify(message);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

export async function requestJson(
  url: string,
  options: { method: 'GET' | 'POST'; body?: unknown; apiKey?: string; timeoutMs?: number },
): Promise<JsonAnswer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: options.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    text = await readBoundedText(response);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { ok: false, status: null, error: `${url}: ${error.message}` };
    const cause = (error as { cause?: unknown }).cause;
    return {
      ok: false,
      status: null,
      error: `cannot reach ${url}: ${cause ? errorMessage(cause) : errorMessage(error)}`,
    };
  }
  const parsed = parseJson(text);
  const body = parsed.ok ? parsed.value : undefined;
  if (!response.ok)
    return {
      ok: false,
      status: response.status,
      error: `${url} answered ${response.status}: ${serverMessage(body, text)}`,
      body,
    };
  if (!parsed.ok) return { ok: false, status: response.status, error: `${url} did not answer JSON: ${parsed.error}` };
  return { ok: true, status: response.status, body, simulated: response.headers.get('x-remora-simulated') === '1' };
}
