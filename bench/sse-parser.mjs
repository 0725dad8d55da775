// `npx tsx bench/sse-parser.mjs`: CPU cost of reading a streamed chat completion's server-sent
// events with the hand-written line reader in lib/runner/stream-assembler.ts against
// eventsource-parser (createParser), on the same bytes cut the same ways. Both hand each event's
// data to the same assembler code (JSON parse, accumulate), and "framing only" leaves that out.
//
//   npx tsx bench/sse-parser.mjs [--rounds N]
// (JavaScript, not TypeScript: the type check does not need eventsource-parser installed.)
import { cpus, loadavg } from 'node:os';
import { createParser } from 'eventsource-parser';
import { StreamAssembler } from '../lib/runner/stream-assembler.ts';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 200;

/** A vLLM-style stream: `tokens` content chunks with logprobs, a finish chunk, usage, [DONE]. */
function stream(tokens) {
  const events = [];
  for (let index = 0; index < tokens; index++) {
    const token = index % 7 === 0 ? '<escape>' : `tok${index}`;
    events.push(
      JSON.stringify({
        id: 'chatcmpl-bench',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'functiongemma-270m-it',
        choices: [
          {
            index: 0,
            delta: { content: token },
            logprobs: { content: [{ token, logprob: -0.01, bytes: [...Buffer.from(token)], top_logprobs: [] }] },
            finish_reason: null,
          },
        ],
      }),
    );
  }
  events.push(JSON.stringify({ id: 'chatcmpl-bench', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
  events.push(
    JSON.stringify({ id: 'chatcmpl-bench', choices: [], usage: { prompt_tokens: 300, completion_tokens: 1 } }),
  );
  return events.map((data) => `data: ${data}\n\n`).join('') + 'data: [DONE]\n\n';
}

/** The body as the socket delivers it: pieces of `size` bytes. */
function pieces(body, size) {
  const bytes = Buffer.from(body);
  const out = [];
  for (let start = 0; start < bytes.length; start += size) out.push(bytes.subarray(start, start + size));
  return out;
}

// The assembler's own event handling (eventData, dispatch) is reached from outside for the
// eventsource-parser side.

function handWritten(chunks, framingOnly) {
  const assembler = new StreamAssembler();
  if (framingOnly) assembler.dispatch = () => false;
  for (const chunk of chunks) assembler.feed(chunk);
  assembler.end();
}

function withEventsourceParser(chunks, framingOnly) {
  const assembler = new StreamAssembler();
  const decoder = new TextDecoder();
  const parser = createParser({
    onEvent: (event) => {
      if (framingOnly) return;
      assembler.eventData.push(event.data);
      assembler.dispatch();
    },
  });
  for (const chunk of chunks) parser.feed(decoder.decode(chunk, { stream: true }));
  parser.feed(decoder.decode());
  parser.reset({ consume: true });
}

function cpuMs(work) {
  work(); // warm-up
  const before = process.cpuUsage();
  for (let round = 0; round < rounds; round++) work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / rounds;
}

const rows = [];
for (const tokens of [60, 600]) {
  const body = stream(tokens);
  for (const size of [16_384, 512, 64]) {
    const chunks = pieces(body, size);
    for (const framingOnly of [false, true]) {
      const hand = cpuMs(() => handWritten(chunks, framingOnly));
      const library = cpuMs(() => withEventsourceParser(chunks, framingOnly));
      const name = `${tokens} chunks (${(body.length / 1024).toFixed(0)} KiB), ${size} B reads`;
      rows.push(
        [
          `${name}${framingOnly ? ', framing only' : ''}`.padEnd(52),
          `${hand.toFixed(3)} ms`.padStart(10),
          `${library.toFixed(3)} ms`.padStart(12),
          `${(library / hand).toFixed(2)}x`.padStart(8),
        ].join(''),
      );
    }
  }
}
console.log(`${'stream'.padEnd(52)}${'hand'.padStart(10)}${'library'.padStart(12)}${'ratio'.padStart(8)}`);
for (const row of rows) console.log(row);
console.log(
  `CPU ms per stream (user+system), mean of ${rounds} rounds after a warm-up; ${cpus().length} cores, ` +
    `load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(', ')}`,
);
