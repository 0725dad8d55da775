// A chat completion as any OpenAI-compatible server sends it, checked loosely: only what Remora
// needs before it can parse a response (a first choice holding a message). Everything else,
// including the message's own fields, is left for the response parser to judge and record.
import { z } from 'zod';

const ObjectValue = z.custom<object>((value) => typeof value === 'object' && value !== null);

const Choice = z.looseObject({ message: ObjectValue });

const ChatCompletionShape = z.looseObject({
  // Only the first choice is read; later ones are kept as the server sent them.
  choices: z
    .array(z.unknown())
    .min(1)
    .pipe(z.tuple([Choice], z.unknown())),
});
/** A chat completion as checked: a first choice with a message object; the rest as the server sent it. */
export type ChatCompletion = z.infer<typeof ChatCompletionShape>;

/** The answer read once into a typed completion, or why a 200 answer is not one (the server's fault). */
export function readCompletion(body: unknown): { ok: true; completion: ChatCompletion } | { ok: false; error: string } {
  if (typeof body !== 'object' || body === null)
    return { ok: false, error: `model server returned a non-JSON body: ${preview(body)}` };
  const checked = ChatCompletionShape.safeParse(body);
  // The body itself, as checked: zod's parsed copy puts the keys it names first, and the answer is
  // stored byte for byte as the server sent it.
  if (checked.success) return { ok: true, completion: body as ChatCompletion };
  const where = checked.error.issues[0]?.path ?? [];
  if (where[0] === 'choices' && where.length > 1)
    return { ok: false, error: `model server response has no message: ${preview(body)}` };
  return { ok: false, error: `model server response has no choices: ${preview(body)}` };
}

/** Why a 200 answer is not a chat completion (the server's fault, not the model's), or null. */
export function checkCompletionShape(body: unknown): string | null {
  const read = readCompletion(body);
  return read.ok ? null : read.error;
}

function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
