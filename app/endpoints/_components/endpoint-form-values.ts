// The endpoint form's text fields and what they become in POST /api/endpoints (PATCH when editing):
// seconds typed for the timeouts become milliseconds, prices stay per million tokens. A field that
// does not read as a number says so under it and keeps the form from being sent.
import type { EndpointView } from '@/lib/panel/endpoints/endpoints';
import { secretLikeReason } from '@/lib/panel/endpoints/key-check';

const VARIABLE_NAME = /^[A-Z_][A-Z0-9_]{0,63}$/;
// A day, as the command line's --request-timeout allows.
const MAX_TIMEOUT_SECONDS = 86_400;

export type EndpointFormValues = {
  name: string;
  baseUrl: string;
  model: string;
  apiKeyEnv: string;
  firstByteSeconds: string;
  idleSeconds: string;
  totalSeconds: string;
  inputPrice: string;
  outputPrice: string;
};

export const EMPTY_FORM: EndpointFormValues = {
  name: '',
  baseUrl: 'http://127.0.0.1:8000/v1',
  model: '',
  apiKeyEnv: '',
  firstByteSeconds: '',
  idleSeconds: '',
  totalSeconds: '',
  inputPrice: '',
  outputPrice: '',
};

/** What is wrong with the key variable field as typed, or null. */
export function keyFieldProblem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const secret = secretLikeReason(trimmed);
  if (secret) return `This looks like a key itself: ${secret}.`;
  if (!VARIABLE_NAME.test(trimmed))
    return (
      'Give the NAME of an environment variable: upper-case letters, digits and underscores ' + '(like OPENAI_API_KEY).'
    );
  return null;
}

/** A timeout field: empty (the default) or seconds above 0, at most a day. */
export function timeoutProblem(value: string): string | null {
  if (value.trim() === '') return null;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_TIMEOUT_SECONDS)
    return `A number of seconds above 0 and at most ${MAX_TIMEOUT_SECONDS}.`;
  return null;
}

/** The two price fields: both empty (not priced) or both numbers of at least 0. */
export function priceProblem(input: string, output: string): string | null {
  const given = [input, output].filter((value) => value.trim() !== '');
  if (given.length === 0) return null;
  if (given.length === 1) return 'Give both prices, input and output, or neither.';
  if (given.some((value) => !Number.isFinite(Number(value)) || Number(value) < 0))
    return 'Prices are numbers of at least 0 (per million tokens).';
  return null;
}

export function formProblems(form: EndpointFormValues): string | null {
  return (
    keyFieldProblem(form.apiKeyEnv) ??
    timeoutProblem(form.firstByteSeconds) ??
    timeoutProblem(form.idleSeconds) ??
    timeoutProblem(form.totalSeconds) ??
    priceProblem(form.inputPrice, form.outputPrice)
  );
}

function milliseconds(seconds: string): number | undefined {
  return seconds.trim() === '' ? undefined : Math.round(Number(seconds) * 1000);
}

/** The request body; only the parts given (a timeout left empty stays the runner's default). */
export function endpointRequestBody(form: EndpointFormValues): Record<string, unknown> {
  const timeouts = Object.fromEntries(
    [
      ['firstByteMs', milliseconds(form.firstByteSeconds)],
      ['idleMs', milliseconds(form.idleSeconds)],
      ['totalMs', milliseconds(form.totalSeconds)],
    ].filter(([, value]) => value !== undefined),
  );
  const priced = form.inputPrice.trim() !== '' && form.outputPrice.trim() !== '';
  return {
    name: form.name.trim(),
    baseUrl: form.baseUrl.trim(),
    model: form.model.trim(),
    ...(form.apiKeyEnv.trim() ? { apiKeyEnv: form.apiKeyEnv.trim() } : {}),
    ...(Object.keys(timeouts).length > 0 ? { requestTimeouts: timeouts } : {}),
    ...(priced ? { pricePerMillionTokens: { input: Number(form.inputPrice), output: Number(form.outputPrice) } } : {}),
  };
}

function seconds(milliseconds: number | undefined): string {
  return milliseconds === undefined ? '' : String(milliseconds / 1000);
}

/** An endpoint's settings as its edit form first shows them. */
export function formValuesOf(endpoint: EndpointView): EndpointFormValues {
  const prices = endpoint.pricePerMillionTokens;
  return {
    name: endpoint.name,
    baseUrl: endpoint.baseUrl,
    model: endpoint.model,
    apiKeyEnv: endpoint.apiKeyEnv ?? '',
    firstByteSeconds: seconds(endpoint.requestTimeouts.firstByteMs),
    idleSeconds: seconds(endpoint.requestTimeouts.idleMs),
    totalSeconds: seconds(endpoint.requestTimeouts.totalMs),
    inputPrice: prices ? String(prices.input) : '',
    outputPrice: prices ? String(prices.output) : '',
  };
}

/**
 * The PATCH body of the edit form: every part, so that a field emptied clears it (no key variable,
 * the default timeouts, no price) instead of keeping what was there.
 */
export function editRequestBody(form: EndpointFormValues): Record<string, unknown> {
  const body = endpointRequestBody(form);
  return {
    ...body,
    apiKeyEnv: body.apiKeyEnv ?? null,
    requestTimeouts: body.requestTimeouts ?? null,
    pricePerMillionTokens: body.pricePerMillionTokens ?? null,
  };
}
