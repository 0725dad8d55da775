// Reading what a client sent: a JSON body, query parameters or route parameters, each checked
// with a zod schema. A failure is an HttpError or InputError carrying every reason, one per field.
import { z } from 'zod';
import { LIMITS } from '../protocol/limits';
import { InputError } from '../errors';
import { parseJson } from '../protocol/json';
import { HttpError } from './errors';
import { plainIssue } from '../protocol/plain-issues';

export const MAX_BODY_BYTES = LIMITS.requestBodyBytes.max;

/** "variants.0.name: must not be empty", one line per issue, in plain words. */
export function zodReasons(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const where = issue.path.map(String).join('.');
    const words = plainIssue(issue);
    return where ? `${where}: ${words}` : words;
  });
}

function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown, what: string): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new InputError(`invalid ${what}`, zodReasons(parsed.error));
  return parsed.data;
}

/**
 * The request's JSON body, checked. Only `application/json` is read: a browser cannot send that
 * type to another site without asking first (CORS), which keeps plain cross-site forms out.
 */
export async function readJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<z.output<Schema>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type))
    throw new HttpError(415, 'send the body as JSON with content-type: application/json');
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, `the body is larger than ${MAX_BODY_BYTES} bytes`);
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES)
    throw new HttpError(413, `the body is larger than ${MAX_BODY_BYTES} bytes`);
  const json = parseJson(text);
  if (!json.ok) throw new InputError('the body is not valid JSON', [json.error]);
  return parseWith(schema, json.value, 'request');
}

/** Query parameters as an object (an empty value counts as absent), checked. */
export function readQuery<Schema extends z.ZodType>(request: Request, schema: Schema): z.output<Schema> {
  const values: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) {
    if (value !== '') values[key] = value;
  }
  return parseWith(schema, values, 'query parameters');
}

/** Route parameters (Next hands them over as a promise), checked. */
export async function readParams<Schema extends z.ZodType>(
  params: Promise<unknown> | unknown,
  schema: Schema,
): Promise<z.output<Schema>> {
  return parseWith(schema, await params, 'path');
}

export const IdParams = z.object({ id: z.string().min(1).max(LIMITS.idLength.max) });
