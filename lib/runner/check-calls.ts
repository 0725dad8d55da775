import { randomBytes } from 'node:crypto';
import type { ParsedCall } from '../protocol/parsed-call';
import { checkArguments } from '../parsing/arguments';
import type { RunnerTool, ValidatedCall } from './types';

export function newCallId(): string {
  return `call_${randomBytes(12).toString('hex')}`;
}

/**
 * Gives every call an id (the server's when it sent one, unique within the conversation) and checks
 * it against the tool's schema, coercing values the wire format lost the type of.
 */
export function checkCalls(
  calls: ParsedCall[],
  tools: Map<string, RunnerTool>,
  usedIds: Set<string>,
  makeId: () => string,
): ValidatedCall[] {
  return calls.map((call) => {
    let id = call.id && !usedIds.has(call.id) ? call.id : makeId();
    while (usedIds.has(id)) id = makeId();
    usedIds.add(id);
    const refused = (kind: 'unknown_tool' | 'invalid_arguments', message: string) => ({
      id,
      name: call.name,
      arguments: call.arguments,
      problem: { kind, message },
    });
    const tool = tools.get(call.name);
    if (!tool) {
      const known = [...tools.keys()].join(', ');
      return refused('unknown_tool', `unknown tool "${call.name}"; the tools are: ${known}`);
    }
    if (call.argumentsError)
      return refused('invalid_arguments', `arguments of "${call.name}" are not a JSON object: ${call.argumentsError}`);
    const checked = checkArguments(tool.parameters, call.arguments);
    if (!checked.ok)
      return refused('invalid_arguments', `invalid arguments for "${call.name}": ${checked.errors.join('; ')}`);
    return { id, name: call.name, arguments: checked.value, problem: null };
  });
}
