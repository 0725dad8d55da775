import { describe, expect, it } from 'vitest';
import { runParseCommand } from './parse-command';

describe('runParseCommand', () => {
  it('prints path, calls and error as one line of JSON, keys in order, ids left out', () => {
    const message = {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'chatcmpl-tool-1', type: 'function', function: { name: 'simple_tool', arguments: '{"payload": "x"}' } },
      ],
    };
    const output = runParseCommand(JSON.stringify(message));
    expect(output.exitCode).toBe(0);
    expect(output.stderr).toBe('');
    expect(output.stdout).toBe(
      '{"path":"tool_calls","calls":[{"name":"simple_tool","arguments":{"payload":"x"}}],"error":null}\n',
    );
  });

  it('accepts a whole chat completion', () => {
    const body = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: '<start_function_call>call:f{n:1}<end_function_call>' },
          finish_reason: 'stop',
        },
      ],
    };
    expect(JSON.parse(runParseCommand(JSON.stringify(body)).stdout)).toEqual({
      path: 'functiongemma_tags',
      calls: [{ name: 'f', arguments: { n: 1 } }],
      error: null,
    });
  });

  it('prints malformed with the reason for a response it cannot read', () => {
    const output = runParseCommand('{"role": "assistant", "content": "{\\"name\\": \\"f\\", \\"arguments\\": {"}');
    expect(output.exitCode).toBe(0);
    const printed = JSON.parse(output.stdout);
    expect(Object.keys(printed)).toEqual(['path', 'calls', 'error']);
    expect(printed.path).toBe('malformed');
    expect(printed.error).toContain('not valid JSON');
    expect(JSON.parse(runParseCommand('{"choices": []}').stdout).path).toBe('malformed');
    expect(JSON.parse(runParseCommand('42').stdout)).toMatchObject({ path: 'malformed', calls: [] });
  });

  it('prints text and empty results', () => {
    expect(runParseCommand('{"role":"assistant","content":"Hello."}').stdout).toBe(
      '{"path":"text","calls":[],"error":null}\n',
    );
    expect(runParseCommand('{"role":"assistant","content":null}').stdout).toBe(
      '{"path":"empty","calls":[],"error":null}\n',
    );
  });

  it('exits 2 with a reason on stderr and nothing on stdout when stdin is not JSON', () => {
    for (const stdin of ['not json', '{"role": ', '', '  \n']) {
      const output = runParseCommand(stdin);
      expect(output.exitCode).toBe(2);
      expect(output.stdout).toBe('');
      expect(output.stderr).toMatch(/^remora parse: stdin is (not valid JSON|empty)/);
    }
  });
});
