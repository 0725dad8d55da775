// The distil-labs JSONL format: `question` is a JSON string holding the conversation so far (user
// turns, and earlier assistant turns whose tool_calls carry object arguments and no ids, never
// followed by tool results); `answer` is a JSON string {"name", "parameters"}: the call the model
// should make next. A parameter the user did not give is absent from the answer, and the call is
// right only with exactly the answer's parameters, so every parameter becomes one accepted value
// and nothing is optional (an extra parameter is unexpected; see score.ts).
import { pythonJsonDumps } from '../../parsing/python-json';
import type { DatasetCase } from '../case';
import type { ExpectedCallInput } from '../../protocol/expectation';
import { collectCases, jsonField, readJsonLines, type DatasetParse, type LineReading } from './lines';
import { isRecord } from '../../protocol/records';

export function parseDistil(text: string): DatasetParse {
  const read = readJsonLines(text);
  if (!read.ok) return read;
  return collectCases(read.lines, readDistilLine);
}

export function readDistilLine(value: unknown): LineReading {
  if (!isRecord(value)) return { ok: false, reason: 'a line must be a JSON object with "question" and "answer"' };
  if (value.question === undefined) return { ok: false, reason: 'missing "question"' };
  if (value.answer === undefined) return { ok: false, reason: 'missing "answer"' };
  const question = jsonField(value.question, 'question');
  if (!question.ok) return question;
  if (!Array.isArray(question.value)) return { ok: false, reason: '"question" must hold a list of messages' };
  const answer = jsonField(value.answer, 'answer');
  if (!answer.ok) return answer;
  const call = readAnswer(answer.value);
  if (!call.ok) return call;
  return { ok: true, value: { input: { messages: question.value }, expect: { kind: 'call', calls: [call.value] } } };
}

function readAnswer(value: unknown): { ok: true; value: ExpectedCallInput } | { ok: false; reason: string } {
  if (!isRecord(value) || typeof value.name !== 'string' || value.name === '') {
    return { ok: false, reason: '"answer" must hold {"name": TOOL, "parameters": {...}}' };
  }
  const parameters = value.parameters ?? value.arguments ?? {};
  if (!isRecord(parameters)) return { ok: false, reason: '"answer".parameters must be an object' };
  const accepted: Record<string, unknown[]> = {};
  for (const [name, given] of Object.entries(parameters)) accepted[name] = [given];
  return { ok: true, value: { name: value.name, arguments: accepted } };
}

export type ExportProblem = { caseId: string; reason: string };

/** One distil-labs line per case, or the cases that format cannot express. */
export function exportDistil(
  cases: DatasetCase[],
): { ok: true; text: string } | { ok: false; problems: ExportProblem[] } {
  const lines: string[] = [];
  const problems: ExportProblem[] = [];
  for (const datasetCase of cases) {
    const reason = distilProblem(datasetCase);
    if (reason) {
      problems.push({ caseId: datasetCase.id, reason });
      continue;
    }
    const messages = (datasetCase.input as { messages: unknown[] }).messages;
    const call = (datasetCase.expect as { calls: { name: string; arguments: Record<string, unknown[]> }[] }).calls[0];
    const parameters = Object.fromEntries(
      Object.entries(call.arguments).map(([name, accepted]) => [name, accepted[0]]),
    );
    // As distil-labs write their files (Python's json.dumps): the fields are JSON strings.
    lines.push(
      pythonJsonDumps({
        question: pythonJsonDumps(messages),
        answer: pythonJsonDumps({ name: call.name, parameters }),
      }),
    );
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, text: lines.map((line) => `${line}\n`).join('') };
}

function distilProblem(datasetCase: DatasetCase): string | null {
  if (!('messages' in datasetCase.input)) return 'its input is template variables, not a conversation';
  if (datasetCase.tools) return 'it declares its own tools';
  const expectation = datasetCase.expect;
  if (expectation === null) return 'it has no expected call';
  if (expectation.kind !== 'call') return 'it expects no call';
  if (expectation.calls.length !== 1) return 'it expects parallel calls';
  const [call] = expectation.calls;
  if (call.optional.length > 0) return `argument ${call.optional[0]} is optional`;
  for (const [name, accepted] of Object.entries(call.arguments)) {
    if (accepted.length !== 1) return `argument ${name} has ${accepted.length} accepted values`;
  }
  return null;
}
