// What a model judge said about one conversation. Its reply is untrusted text: only an answer of
// exactly {"pass": boolean, "reason": string} is a verdict, read from the tool call the request
// forces or, for a server that ignores tool_choice, from a text answer that is that JSON and
// nothing else. Anything else is a judge error, which counts as neither a pass nor a fail.
import { z } from 'zod';
import type { ToolSpec } from '../protocol/messages';

export const VERDICT_TOOL = 'verdict';

/** The one tool the judge is asked to call. */
export const VERDICT_TOOL_SPEC: ToolSpec = {
  type: 'function',
  function: {
    name: VERDICT_TOOL,
    description: 'Give your verdict on the conversation.',
    parameters: {
      type: 'object',
      properties: {
        pass: { type: 'boolean', description: 'true when the assistant did what was asked' },
        reason: { type: 'string', description: 'one short sentence saying why' },
      },
      required: ['pass', 'reason'],
      additionalProperties: false,
    },
  },
};

const Verdict = z.strictObject({ pass: z.boolean(), reason: z.string() });
const Reply = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z.array(z.object({ function: z.object({ name: z.string(), arguments: z.string() }) })).nullish(),
        }),
      }),
    )
    .min(1),
});

const REASON_MAX = 500;

export type JudgeVerdict = { outcome: 'pass' | 'fail' | 'error'; reason: string };

/** Shown as text only; control characters dropped and the length bounded, so a reply cannot flood the page. */
function shortText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').slice(0, REASON_MAX);
}

const judgeError = (why: string): JudgeVerdict => ({ outcome: 'error', reason: shortText(`judge error: ${why}`) });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The verdict in a chat-completion body, or a judge error saying why there is none. */
export function readJudgeReply(body: unknown): JudgeVerdict {
  const reply = Reply.safeParse(body);
  if (!reply.success) return judgeError('the reply is not a chat completion with a message');
  const message = reply.data.choices[0].message;
  const calls = message.tool_calls ?? [];
  let text: string;
  if (calls.length > 0) {
    if (calls.length > 1 || calls[0].function.name !== VERDICT_TOOL)
      return judgeError(`expected one call of ${VERDICT_TOOL}`);
    text = calls[0].function.arguments;
  } else {
    text = (message.content ?? '').trim();
  }
  const verdict = Verdict.safeParse(parseJson(text));
  if (!verdict.success) return judgeError('the reply is not {"pass": true|false, "reason": "..."}');
  return { outcome: verdict.data.pass ? 'pass' : 'fail', reason: shortText(verdict.data.reason.trim()) };
}
