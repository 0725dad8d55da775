// The request a tool reads on stdin, as a schema so that a standalone tool can check what it was given.
import { z } from 'zod';
import type { ToolContext, ToolRequest } from './protocol';
import { parseJson } from '../protocol/json';

// Context fields default so that a person can run a tool by hand with only `{"arguments": {...}}`.
const ToolContextSchema = z.object({
  workspace: z.string().nullable().default(null),
  filePath: z.string().nullable().default(null),
  nodeText: z.string().default(''),
  nodeName: z.string().nullable().default(null),
  nodeType: z.string().nullable().default(null),
  nodeLine: z.number().int().positive().nullable().optional(),
  settings: z.record(z.string(), z.unknown()).default({}),
  knowledge: z.record(z.string(), z.unknown()).default({}),
});

const ToolRequestSchema = z.object({
  arguments: z.record(z.string(), z.unknown()).default({}),
  context: ToolContextSchema.default(ToolContextSchema.parse({})),
});

// Compile-time checks that the schema and the protocol's types stay the same shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contextMatches: Same<z.output<typeof ToolContextSchema>, ToolContext> = true;
const requestMatches: Same<z.output<typeof ToolRequestSchema>, ToolRequest> = true;
void contextMatches;
void requestMatches;

export type ParsedRequest = { ok: true; request: ToolRequest } | { ok: false; error: string };

/** Reads a tool request from text; a failure comes back as a value. */
export function parseToolRequest(text: string): ParsedRequest {
  const json = parseJson(text);
  if (!json.ok) return { ok: false, error: `the request on stdin is not JSON: ${json.error}` };
  const parsed = ToolRequestSchema.safeParse(json.value);
  if (!parsed.success)
    return { ok: false, error: `the request on stdin is not {arguments, context}: ${z.prettifyError(parsed.error)}` };
  return { ok: true, request: parsed.data };
}
