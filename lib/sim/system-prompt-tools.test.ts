import { describe, expect, it } from 'vitest';
import { toolsFromSystemPrompt } from './system-prompt-tools';
import { renderPrompt } from '../families/functiongemma/render';

const schemas = [
  {
    name: 'run_linter',
    description: 'Run ruff',
    parameters: { type: 'object', properties: { check_only: { type: 'boolean' } } },
  },
  {
    name: 'submit_result',
    description: 'Finish',
    parameters: { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] },
  },
];

describe('toolsFromSystemPrompt', () => {
  it('reads the JSON schemas the old harness injected (json.dumps of the tool list)', () => {
    const prompt =
      `You have access to the following tools:\n${JSON.stringify(schemas, null, 2)}\n\n` +
      'Call tools by responding with JSON in the format:\n' +
      '{"name": "<tool_name>", "arguments": { ... }}\n\nYou fix lint.';
    const tools = toolsFromSystemPrompt(prompt);
    expect(tools.map((tool) => tool.function.name)).toEqual(['run_linter', 'submit_result']);
    expect(tools[1].function.parameters).toEqual(schemas[1].parameters);
  });

  it('reads OpenAI-shaped tool objects', () => {
    const prompt = `Tools: ${JSON.stringify(schemas.map((schema) => ({ type: 'function', function: schema })))}`;
    expect(toolsFromSystemPrompt(prompt).map((tool) => tool.function.name)).toEqual(['run_linter', 'submit_result']);
  });

  it('falls back to native declarations, then to "name" pairs, without schemas', () => {
    const native = renderPrompt({
      messages: [{ role: 'user', content: 'x' }],
      tools: schemas.map((schema) => ({ type: 'function', function: schema })),
    });
    expect(toolsFromSystemPrompt(`Known: ${native}`).map((tool) => tool.function.name)).toEqual([
      'run_linter',
      'submit_result',
    ]);
    const truncated = 'Tools: [{"name": "write_docstring", "parameters": {"type": "obj';
    const tools = toolsFromSystemPrompt(truncated);
    expect(tools.map((tool) => tool.function.name)).toEqual(['write_docstring']);
    expect(tools[0].function.parameters).toEqual({ type: 'object', properties: {} });
  });

  it('finds nothing in a prompt without tools, even with braces in it', () => {
    expect(toolsFromSystemPrompt('You document Python. Example: def f(x): return {"a": [1, 2]}')).toEqual([]);
    expect(toolsFromSystemPrompt('')).toEqual([]);
  });
});
