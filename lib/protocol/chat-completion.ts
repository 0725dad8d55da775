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
type ChatCompletionShape = z.infer<typeof ChatCompletionShape>;

/** Why a 200 answer is not a chat completion (the server's fault, not the model's), or null. */
export function checkCompletionShape(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return `model server returned a non-JSON body: ${preview(body)}`;
  const checked = ChatCompletionShape.safeParse(body);
  if (checked.success) return null;
  const where = checked.error.issues[0]?.path ?? [];
  if (where[0] === 'choices' && where.length > 1) return `model server response has no message: ${preview(body)}`;
  return `model server response has no choices: ${preview(body)}`;
}

function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
