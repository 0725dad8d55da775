// Tool schemas, expected and made calls for the scoring tests.
import type { ParsedCall } from '../../protocol/parsed-call';
import { ExpectedCall, type Expectation, type ExpectedCallInput } from '../../protocol/expectation';
import { scoreResponse, type ToolSchemas } from '../score';

export const schemas: ToolSchemas = new Map<string, Record<string, unknown>>([
  [
    'set_thermostat',
    {
      type: 'object',
      properties: { temperature: { type: 'integer' }, mode: { type: 'string', enum: ['heat', 'cool', 'auto'] } },
      required: [],
    },
  ],
  [
    'toggle_lights',
    { type: 'object', properties: { room: { type: 'string' }, state: { type: 'string' } }, required: [] },
  ],
  [
    'get_weather',
    {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'number' }, unit: { type: 'string' } },
      required: ['city'],
    },
  ],
]);

export const expected = (calls: ExpectedCallInput[]): Expectation => ({
  kind: 'call',
  calls: calls.map((call) => ExpectedCall.parse(call)),
});

export const made = (...calls: [string, Record<string, unknown>][]): { calls: ParsedCall[] } => ({
  calls: calls.map(([name, args]) => ({ name, arguments: args })),
});

export const kinds = (verdict: ReturnType<typeof scoreResponse>) =>
  verdict.failures.map((failure) => `${failure.kind}${failure.argument ? `:${failure.argument}` : ''}`);
