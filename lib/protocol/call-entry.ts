// One call written as JSON, in either shape models and servers write: OpenAI's
// {"function": {"name", "arguments"}} or the flat {"name", "arguments"} (Llama's and vLLM's
// required mode: "parameters"). The parser and the families both read entries this way.
import { isRecord } from './records';

export type CallEntry = { name: string; arguments: unknown; id: unknown };

/** The entry's trimmed name, its arguments as written (not yet read) and its id; null without a name. */
export function readCallEntry(entry: unknown): CallEntry | null {
  if (!isRecord(entry)) return null;
  const holder = isRecord(entry.function) ? entry.function : entry;
  if (typeof holder.name !== 'string' || holder.name.trim() === '') return null;
  const args = holder.arguments !== undefined ? holder.arguments : holder.parameters;
  return { name: holder.name.trim(), arguments: args, id: entry.id };
}
