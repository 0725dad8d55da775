import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { InputError } from '../../errors';
import type { RemoraDatabase } from '../client';
import { newId } from '../ids';
import { ENDPOINT_KINDS, endpoints, type EndpointRow } from '../schema';

const timeoutMs = z.number().int().min(1).max(86_400_000).nullable().optional();
const pricePerMillion = z.number().min(0).max(1_000_000).nullable().optional();

/**
 * An endpoint as the panel saves it. The key itself is never stored: only the name of the
 * environment variable that holds it, which must look like one (upper case, digits, underscores),
 * so that a pasted key is refused instead of written to disk.
 */
export const EndpointInput = z.object({
  name: z.string().trim().min(1).max(100),
  kind: z.enum(ENDPOINT_KINDS),
  baseUrl: z.url({ protocol: /^https?$/ }),
  model: z.string().trim().min(1),
  apiKeyEnv: z
    .string()
    .regex(/^[A-Z_][A-Z0-9_]{0,63}$/, 'must be the NAME of an environment variable (like OPENAI_API_KEY), not a key')
    .nullable()
    .optional(),
  firstByteTimeoutMs: timeoutMs,
  idleTimeoutMs: timeoutMs,
  totalTimeoutMs: timeoutMs,
  inputPricePerMillion: pricePerMillion,
  outputPricePerMillion: pricePerMillion,
});
export type EndpointInput = z.input<typeof EndpointInput>;

function validEndpoint(input: EndpointInput) {
  const parsed = EndpointInput.safeParse(input);
  if (!parsed.success) {
    throw new InputError(
      'Invalid endpoint',
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'endpoint'}: ${issue.message}`),
    );
  }
  return parsed.data;
}

export function createEndpoint(database: RemoraDatabase, input: EndpointInput, now = Date.now()): EndpointRow {
  const endpoint = validEndpoint(input);
  const existing = getEndpointByName(database, endpoint.name);
  if (existing) throw new InputError(`An endpoint named ${endpoint.name} exists already`, [`name: taken`]);
  return database
    .insert(endpoints)
    .values({ id: newId(), ...endpoint, apiKeyEnv: endpoint.apiKeyEnv ?? null, createdAt: now })
    .returning()
    .get();
}

export function updateEndpoint(database: RemoraDatabase, id: string, input: EndpointInput): EndpointRow | null {
  const endpoint = validEndpoint(input);
  const namesake = getEndpointByName(database, endpoint.name);
  if (namesake && namesake.id !== id)
    throw new InputError(`An endpoint named ${endpoint.name} exists already`, [`name: taken`]);
  return (
    database
      .update(endpoints)
      .set({ ...endpoint, apiKeyEnv: endpoint.apiKeyEnv ?? null })
      .where(eq(endpoints.id, id))
      .returning()
      .get() ?? null
  );
}

export function getEndpoint(database: RemoraDatabase, id: string): EndpointRow | null {
  return database.select().from(endpoints).where(eq(endpoints.id, id)).get() ?? null;
}

export function getEndpointByName(database: RemoraDatabase, name: string): EndpointRow | null {
  return database.select().from(endpoints).where(eq(endpoints.name, name)).get() ?? null;
}

export function listEndpoints(database: RemoraDatabase): EndpointRow[] {
  return database.select().from(endpoints).orderBy(asc(endpoints.name)).all();
}

export function deleteEndpoint(database: RemoraDatabase, id: string): boolean {
  return database.delete(endpoints).where(eq(endpoints.id, id)).run().changes > 0;
}
