// Conversation inputs from a file: YAML or JSON (a list, or {inputs: [...]}) or JSONL (one input per line).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { isRecord } from '../protocol/records';
import type { ConversationInput } from '../protocol/conversation';
import { ConversationInputSchema } from './definition';

export type LoadedInputs = { ok: true; inputs: ConversationInput[] } | { ok: false; problem: string };

const InputListSchema = z.array(ConversationInputSchema);

function isInputsObject(value: unknown): value is { inputs: unknown } {
  return isRecord(value) && 'inputs' in value;
}

export async function loadInputsFile(file: string): Promise<LoadedInputs> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return { ok: false, problem: `cannot read the inputs file ${file}: ${(error as Error).message}` };
  }
  return parseInputs(text, file);
}

/** Reads inputs from text; `file` names the format (by extension) and appears in problems. */
export function parseInputs(text: string, file: string): LoadedInputs {
  const data = path.extname(file).toLowerCase() === '.jsonl' ? readJsonLines(text) : readYaml(text);
  if (!data.ok) return { ok: false, problem: `${file}: ${data.problem}` };
  const parsed = InputListSchema.safeParse(isInputsObject(data.value) ? data.value.inputs : data.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    const expected = 'a list of inputs ({node_text, file_path?, node_name?, node_type?} or a string)';
    return { ok: false, problem: `${file}: expected ${expected}${where}: ${issue.message}` };
  }
  return { ok: true, inputs: parsed.data };
}

type Read = { ok: true; value: unknown } | { ok: false; problem: string };

// YAML is a superset of JSON, so one reader serves .yaml, .yml and .json.
function readYaml(text: string): Read {
  try {
    return { ok: true, value: parseYaml(text, { prettyErrors: true }) };
  } catch (error) {
    return { ok: false, problem: firstLine((error as Error).message) };
  }
}

function readJsonLines(text: string): Read {
  const values: unknown[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index].trim();
    if (line === '') continue;
    try {
      values.push(JSON.parse(line));
    } catch (error) {
      return { ok: false, problem: `line ${index + 1} is not JSON: ${(error as Error).message}` };
    }
  }
  return { ok: true, value: values };
}

export function firstLine(message: string): string {
  return message.split('\n')[0].replace(/:$/, '');
}
