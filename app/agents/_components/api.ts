// Calls from the panel's pages to its API. Every answer is read as data: a refusal comes back with
// the API's message and reasons, never as an exception the page has to catch.
import { parseJson } from '../../../lib/parsing/safe-json';

/** `body`: the answer's JSON, for refusals that carry more than a message (a dataset import's report). */
export type ApiFailure = { message: string; reasons: string[]; status: number; body?: unknown };
export type ApiAnswer<T> = { ok: true; status: number; body: T } | ({ ok: false } & ApiFailure);

function failureOf(status: number, body: unknown): ApiFailure {
  const record = typeof body === 'object' && body !== null ? (body as { error?: unknown; reasons?: unknown }) : {};
  const message = typeof record.error === 'string' ? record.error : `the server answered ${status}`;
  const reasons = Array.isArray(record.reasons) ? record.reasons.filter((reason): reason is string => typeof reason === 'string') : [];
  return { message, reasons, status, body };
}

export async function callApi<T>(url: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { ok: false, message: `could not reach the panel: ${error instanceof Error ? error.message : String(error)}`, reasons: [], status: 0 };
  }
  let body: unknown = null;
  const text = await response.text();
  if (text !== '') {
    const parsed = parseJson(text);
    if (!parsed.ok) return { ok: false, message: `the panel answered ${response.status} with something that is not JSON (${parsed.error})`, reasons: [], status: response.status };
    body = parsed.value;
  }
  if (!response.ok) return { ok: false, ...failureOf(response.status, body) };
  return { ok: true, status: response.status, body: body as T };
}

/** A refused answer (not 2xx) read as data. */
export async function readFailure(response: Response): Promise<ApiFailure> {
  const parsed = parseJson(await response.text());
  return failureOf(response.status, parsed.ok ? parsed.value : null);
}

export function agentApi(agentName: string, rest = ''): string {
  return `/api/agents/${encodeURIComponent(agentName)}${rest}`;
}
