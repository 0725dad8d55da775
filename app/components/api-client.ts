// Every call from the panel's pages to its server goes through here. Every answer is read as data:
// a refusal comes back with the API's message and reasons, never as an exception the page has to catch.
import { parseJson } from '../../lib/protocol/json';

/** `body`: the answer's JSON, for refusals that carry more than a message (a dataset import's report). */
export type ApiFailure = { message: string; reasons: string[]; status: number; body?: unknown };
export type ApiAnswer<T> = { ok: true; status: number; body: T } | ({ ok: false } & ApiFailure);

/** Whether a refusal's body carries the API's own message (`{error: "..."}`). */
export function hasErrorMessage(body: unknown): boolean {
  return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';
}

function failureOf(status: number, body: unknown): ApiFailure {
  const record = typeof body === 'object' && body !== null ? (body as { error?: unknown; reasons?: unknown }) : {};
  const message = typeof record.error === 'string' ? record.error : `the server answered ${status}`;
  const reasons = Array.isArray(record.reasons)
    ? record.reasons.filter((reason): reason is string => typeof reason === 'string')
    : [];
  return { message, reasons, status, body };
}

export type ApiRequest = {
  method?: string;
  /** Sent as JSON; a request with a body is a POST unless `method` says otherwise. */
  body?: unknown;
  signal?: AbortSignal;
  /** `no-store` for a poll that must see the latest state. */
  cache?: RequestCache;
  /** Routes that also answer people (HTML) give JSON when asked for it. */
  accept?: string;
};

/** The request, or why the panel could not be reached (an abort is rethrown: the caller asked for it). */
async function send(url: string, init: ApiRequest): Promise<Response | ApiFailure> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.accept !== undefined) headers.accept = init.accept;
  try {
    return await fetch(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: Object.keys(headers).length > 0 ? headers : undefined,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
      cache: init.cache,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return {
      message: `could not reach the panel: ${error instanceof Error ? error.message : String(error)}`,
      reasons: [],
      status: 0,
    };
  }
}

export async function callApi<T>(url: string, init: ApiRequest = {}): Promise<ApiAnswer<T>> {
  const response = await send(url, init);
  if (!(response instanceof Response)) return { ok: false, ...response };
  let body: unknown = null;
  const text = await response.text();
  if (text !== '') {
    const parsed = parseJson(text);
    if (!parsed.ok)
      return {
        ok: false,
        message: `the panel answered ${response.status} with something that is not JSON (${parsed.error})`,
        reasons: [],
        status: response.status,
      };
    body = parsed.value;
  }
  if (!response.ok) return { ok: false, ...failureOf(response.status, body) };
  return { ok: true, status: response.status, body: body as T };
}

/** A refused answer (not 2xx) read as data. */
async function readFailure(response: Response): Promise<ApiFailure> {
  const parsed = parseJson(await response.text());
  return failureOf(response.status, parsed.ok ? parsed.value : null);
}

export type Download = { ok: true; blob: Blob; filename: string | null } | ({ ok: false } & ApiFailure);

/** A file the server sends (an export): its bytes and the name it gives, or the refusal as data. */
export async function downloadApi(url: string): Promise<Download> {
  const response = await send(url, {});
  if (!(response instanceof Response)) return { ok: false, ...response };
  if (!response.ok) return { ok: false, ...(await readFailure(response)) };
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { ok: true, blob: await response.blob(), filename };
}

export function agentApi(agentName: string, rest = ''): string {
  return `/api/agents/${encodeURIComponent(agentName)}${rest}`;
}
