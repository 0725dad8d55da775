import { describe, expect, it } from 'vitest';
import { StreamAssembler } from './stream-assembler';

const event = (data: unknown) => `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 5,
  model: 'lint-lora',
  choices: [{ index: 0, delta, logprobs: null, finish_reason: null, ...extra }],
});

function feedAll(assembler: StreamAssembler, text: string, pieceLength: number) {
  for (let start = 0; start < text.length; start += pieceLength)
    assembler.feed(Buffer.from(text.slice(start, start + pieceLength)));
  assembler.end();
}

describe('StreamAssembler', () => {
  const stream = [
    event(chunk({ role: 'assistant', content: '' })),
    event(
      chunk({
        tool_calls: [{ index: 0, id: 'call-a', type: 'function', function: { name: 'apply_fix', arguments: '' } }],
      }),
    ),
    event(chunk({ tool_calls: [{ index: 0, function: { arguments: '{"issue_code": "E5' } }] })),
    event(chunk({ tool_calls: [{ index: 0, function: { arguments: '01", "line_number": 12}' } }] })),
    event(chunk({}, { finish_reason: 'tool_calls' })),
    event({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 5,
      model: 'lint-lora',
      choices: [],
      usage: { prompt_tokens: 10, completion_tokens: 4, total_tokens: 14 },
    }),
    event('[DONE]'),
  ].join('');

  it('builds the chat.completion the chunks add up to, whatever the read boundaries', () => {
    for (const pieceLength of [1, 7, stream.length]) {
      const assembler = new StreamAssembler();
      feedAll(assembler, stream, pieceLength);
      const body = assembler.assemble() as any;
      expect(body.model).toBe('lint-lora');
      expect(body.choices[0].message).toEqual({
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call-a',
            type: 'function',
            function: { name: 'apply_fix', arguments: '{"issue_code": "E501", "line_number": 12}' },
          },
        ],
      });
      expect(body.choices[0].finish_reason).toBe('tool_calls');
      expect(body.usage).toEqual({ prompt_tokens: 10, completion_tokens: 4, total_tokens: 14 });
      expect(body.stream).toMatchObject({ chunks: 6, done: true, repairedCalls: [] });
    }
  });

  it('reads CRLF line ends, comments and a last event without its blank line', () => {
    const assembler = new StreamAssembler();
    feedAll(
      assembler,
      `: keep-alive\r\n\r\n${event(chunk({ content: 'Hel' })).replace(/\n/g, '\r\n')}` +
        `data: ${JSON.stringify(chunk({ content: 'lo' }))}`,
      3,
    );
    expect((assembler.assemble() as any).choices[0].message.content).toBe('Hello');
  });

  it('shows progress as raw text when tokens stream, and rebuilds broken streamed arguments from them', () => {
    const tokens = [
      '<start_function_call>',
      'call:',
      'apply_fix',
      '{',
      'issue_code:',
      '<escape>',
      'E501',
      '<escape>',
      ',line_number:12',
      '}',
      '<end_function_call>',
    ];
    const assembler = new StreamAssembler();
    const seen: string[] = [];
    const parts = [
      chunk(
        { role: 'assistant' },
        { logprobs: { content: tokens.slice(0, 3).map((token) => ({ token, logprob: -0.1, top_logprobs: [] })) } },
      ),
      chunk(
        {
          tool_calls: [
            {
              index: 0,
              id: 'x',
              type: 'function',
              function: { name: 'apply_fix', arguments: '{"issue_code": "E501"' },
            },
          ],
        },
        { logprobs: { content: tokens.slice(3, 8).map((token) => ({ token, logprob: -0.1, top_logprobs: [] })) } },
      ),
      // The corruption seen in vLLM once a second argument arrived: a fragment that breaks the JSON.
      chunk(
        { tool_calls: [{ index: 0, function: { arguments: '"issue_code": "E501"}' } }] },
        { logprobs: { content: tokens.slice(8).map((token) => ({ token, logprob: -0.1, top_logprobs: [] })) } },
      ),
    ];
    for (const part of parts) if (assembler.feed(event(part))) seen.push(assembler.progress().text);
    assembler.feed(event('[DONE]'));
    assembler.end();
    expect(seen[0]).toBe('<start_function_call>call:apply_fix');
    expect(seen.at(-1)).toBe(tokens.join(''));
    const body = assembler.assemble() as any;
    expect(JSON.parse(body.choices[0].message.tool_calls[0].function.arguments)).toEqual({
      issue_code: 'E501',
      line_number: 12,
    });
    expect(body.stream.repairedCalls).toEqual([
      { index: 0, streamedArguments: '{"issue_code": "E501""issue_code": "E501"}' },
    ]);
    expect(body.choices[0].logprobs.content).toHaveLength(tokens.length);
  });

  it('keeps broken arguments as they came when there are no tokens to rebuild them from', () => {
    const assembler = new StreamAssembler();
    feedAll(
      assembler,
      event(chunk({ tool_calls: [{ index: 0, function: { name: 'f', arguments: '{"a": ' } }] })) + event('[DONE]'),
      50,
    );
    const body = assembler.assemble() as any;
    expect(body.choices[0].message.tool_calls[0]).toEqual({
      type: 'function',
      function: { name: 'f', arguments: '{"a": ' },
    });
  });

  it('reports an error event and data lines that are not JSON', () => {
    const assembler = new StreamAssembler();
    feedAll(assembler, event('not json') + event({ error: { message: 'context length exceeded', code: 400 } }), 4);
    expect(assembler.error).toBe('context length exceeded');
    expect((assembler.assemble() as any).stream.unreadable).toEqual(['not json']);
    expect(assembler.chunkCount).toBe(0);
  });
});
