// `remora parse`: one chat-completion message (or a whole response) on stdin, its parse result on stdout.
import type { CommandOutput } from './io';
import { parseResponse } from '../parsing/parse-response';
import { messageFromBody } from '../parsing/response-message';
import { parseJson } from '../protocol/json';

export function runParseCommand(stdinText: string): CommandOutput {
  if (stdinText.trim() === '') {
    return {
      stdout: '',
      stderr: 'remora parse: stdin is empty; expected one chat-completion message as JSON\n',
      exitCode: 2,
    };
  }
  const input = parseJson(stdinText);
  if (!input.ok) return { stdout: '', stderr: `remora parse: stdin is not valid JSON: ${input.error}\n`, exitCode: 2 };
  const result = parseResponse(messageFromBody(input.value));
  const output = {
    path: result.path,
    calls: result.calls.map((call) => ({ name: call.name, arguments: call.arguments })),
    error: result.error,
  };
  return { stdout: `${JSON.stringify(output)}\n`, stderr: '', exitCode: 0 };
}
