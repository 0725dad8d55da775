// Helpers for the simulator's tests: real HTTP against a server on 127.0.0.1.
import type { SimServer } from './server';
import type { SimShape } from './options';
import { parseJson } from '../protocol/json';

export type HttpResult = { status: number; headers: Headers; body: any };

export async function post(server: SimServer, path: string, body: unknown): Promise<HttpResult> {
  const response = await fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

export async function get(server: SimServer, path: string): Promise<HttpResult> {
  const response = await fetch(`${server.origin}${path}`);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

export const LINT_TOOLS = [
  {
    type: 'function',
    function: {
      name: 'run_linter',
      description: 'Run the linter on the file',
      parameters: { type: 'object', properties: { check_only: { type: 'boolean' } }, required: ['check_only'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'apply_fix',
      description: 'Fix one issue',
      parameters: {
        type: 'object',
        properties: { issue_code: { type: 'string' }, line_number: { type: 'integer', minimum: 1 } },
        required: ['issue_code', 'line_number'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'submit_result',
      description: 'Finish with a summary',
      parameters: {
        type: 'object',
        properties: { summary: { type: 'string' }, changed_files: { type: 'array', items: { type: 'string' } } },
        required: ['summary', 'changed_files'],
      },
    },
  },
];

export function lintRequest(index: number, extra: Record<string, unknown> = {}) {
  return {
    model: 'functiongemma-270m-it-sim',
    messages: [
      { role: 'system', content: 'You fix lint problems. Always respond with a tool call.' },
      { role: 'user', content: `Fix the lint issues in src/module_${index}.py: line too long in parse_${index}` },
    ],
    tools: LINT_TOOLS,
    ...extra,
  };
}

/**
 * A deliberately small reading of a response message, independent of lib/parsing, used to check the
 * simulator's own counts. It only has to tell apart the shapes the simulator writes.
 */
export function shapeOfMessage(message: { content: string | null; tool_calls?: unknown[] }): SimShape {
  if ((message.tool_calls ?? []).length > 0) return 'tool_calls';
  const content = message.content ?? '';
  if (content === '') return 'empty';
  if (content.startsWith('<start_function_call>'))
    return content.endsWith('<end_function_call>') ? 'functiongemma_tags' : 'malformed';
  if (content.startsWith('{') || content.startsWith('[')) {
    const parsed = parseJson(content);
    if (!parsed.ok) return 'malformed';
    const value = parsed.value as Record<string, unknown>;
    if (Array.isArray(value)) return 'json_array';
    if ('tool_calls' in value) return 'json_tool_calls';
    if ('arguments' in value) return 'json_name_arguments';
    if ('parameters' in value) return 'json_name_parameters';
  }
  return 'text';
}
