// A completion as server-sent events in OpenAI's chunk format, the way vLLM streams it: a first
// chunk with the role, then content pieces (one per token) or the tool calls (the name in the first
// delta of each call, the arguments split across the following ones), a chunk with the
// finish_reason, a usage chunk when asked for, and `data: [DONE]`. With logprobs, the tokens ride
// on the chunks in order, one per chunk, so their strings add up to the raw output.
import type { SimTokenLogprob } from './token-logprobs';
import { tokenize } from './token-logprobs';

/** Argument fragments this long: short enough that every call with arguments spans several chunks. */
const ARGUMENT_PIECE = 7;

type Delta = Record<string, unknown>;

function pieces(text: string, size: number): string[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += size) parts.push(text.slice(start, start + size));
  return parts;
}

function deltasOf(message: {
  content: string | null;
  tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
}): Delta[] {
  const deltas: Delta[] = [];
  if (message.content) for (const token of tokenize(message.content)) deltas.push({ content: token });
  (message.tool_calls ?? []).forEach((call, index) => {
    deltas.push({
      tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }],
    });
    for (const fragment of pieces(call.function.arguments, ARGUMENT_PIECE))
      deltas.push({ tool_calls: [{ index, function: { arguments: fragment } }] });
  });
  return deltas;
}

export function streamEvents(
  body: Record<string, unknown>,
  options: { logprobs: SimTokenLogprob[] | null; includeUsage: boolean },
): string[] {
  const choice = (body.choices as Record<string, unknown>[])[0];
  const message = choice.message as Parameters<typeof deltasOf>[0];
  const base = {
    id: body.id,
    object: 'chat.completion.chunk',
    created: body.created,
    model: body.model,
    system_fingerprint: body.system_fingerprint,
  };
  const chunk = (delta: Delta, extra: { logprobs?: SimTokenLogprob[]; finish_reason?: string } = {}) =>
    `data: ${JSON.stringify({
      ...base,
      choices: [
        {
          index: 0,
          delta,
          logprobs: extra.logprobs ? { content: extra.logprobs } : null,
          finish_reason: extra.finish_reason ?? null,
        },
      ],
    })}\n\n`;

  const deltas = deltasOf(message);
  const tokens = options.logprobs ?? [];
  const events = [chunk({ role: 'assistant', content: '' })];
  for (let index = 0; index < Math.max(deltas.length, tokens.length); index += 1) {
    events.push(chunk(deltas[index] ?? {}, tokens[index] ? { logprobs: [tokens[index]] } : {}));
  }
  events.push(chunk({}, { finish_reason: String(choice.finish_reason) }));
  if (options.includeUsage) events.push(`data: ${JSON.stringify({ ...base, choices: [], usage: body.usage })}\n\n`);
  events.push('data: [DONE]\n\n');
  return events;
}
