// The case editor's form model: an expectation as people edit it (tool names, and per argument its
// accepted values one per line) and back. Pure and free of Node, so the browser runs it as they type.
import type { Expectation } from '../../protocol/expectation';
import { parseJson } from '../../protocol/json';

export type ArgumentDraft = { name: string; valuesText: string; optional: boolean };
export type CallDraft = { name: string; arguments: ArgumentDraft[] };
/** `none`: the case is run but not scored. */
export type ExpectationDraft = { kind: 'call' | 'no_call' | 'none'; calls: CallDraft[] };

export type DraftReading = { ok: true; expect: Expectation | null } | { ok: false; problems: string[] };

/**
 * One accepted value a line. A line that is JSON is that value (68, true, "68", ["a","b"]); any
 * other line is a string as written, so `kitchen` needs no quotes.
 */
export function parseAcceptedValues(text: string): unknown[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const parsed = parseJson(line);
      return parsed.ok ? parsed.value : line;
    });
}

/** The lines parseAcceptedValues reads back as the same values. */
export function formatAcceptedValues(values: unknown[]): string {
  return values
    .map((value) => {
      if (typeof value !== 'string') return JSON.stringify(value);
      // A string that would read back as something else (a number, true, a list) or that has
      // surrounding spaces or line breaks keeps its quotes.
      const plain = value.trim() === value && !value.includes('\n') && value !== '' && !parseJson(value).ok;
      return plain ? value : JSON.stringify(value);
    })
    .join('\n');
}

export function toDraft(expect: Expectation | null): ExpectationDraft {
  if (expect === null) return { kind: 'none', calls: [] };
  if (expect.kind === 'no_call') return { kind: 'no_call', calls: [] };
  return {
    kind: 'call',
    calls: expect.calls.map((call) => ({
      name: call.name,
      arguments: Object.entries(call.arguments).map(([name, values]) => ({
        name,
        valuesText: formatAcceptedValues(values),
        optional: call.optional.includes(name),
      })),
    })),
  };
}

/** The expectation a draft describes, or what is wrong with it (the server checks it again). */
export function fromDraft(draft: ExpectationDraft): DraftReading {
  if (draft.kind === 'none') return { ok: true, expect: null };
  if (draft.kind === 'no_call') return { ok: true, expect: { kind: 'no_call' } };
  const problems: string[] = [];
  if (draft.calls.length === 0) problems.push('an expected call is needed (or choose "no call")');
  const calls = draft.calls.map((call, callIndex) => {
    const where = draft.calls.length > 1 ? `call ${callIndex + 1}: ` : '';
    const name = call.name.trim();
    if (name === '') problems.push(`${where}name the expected tool`);
    const argumentsMap: Record<string, unknown[]> = {};
    const optional: string[] = [];
    for (const argument of call.arguments) {
      const argumentName = argument.name.trim();
      if (argumentName === '') {
        problems.push(`${where}an argument has no name`);
        continue;
      }
      if (argumentName in argumentsMap) problems.push(`${where}argument "${argumentName}" is listed twice`);
      const values = parseAcceptedValues(argument.valuesText);
      if (values.length === 0 && !argument.optional)
        problems.push(`${where}argument "${argumentName}" needs at least one accepted value (or mark it optional)`);
      argumentsMap[argumentName] = values;
      if (argument.optional) optional.push(argumentName);
    }
    return { name, arguments: argumentsMap, optional };
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, expect: { kind: 'call', calls } };
}
