// Cases written as BFCL lines (ground truth inline, dict answers in BFCL's nested form), the inverse
// of bfcl.ts's reading.
import type { DatasetCase } from '../case';
import { pythonJsonDumps } from '../../parsing/python-json';
import { isRecord } from '../../protocol/records';
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import type { ExportProblem } from './distil';

/** One BFCL line per case (ground truth inline), or the cases BFCL cannot express. */
export function exportBfcl(
  cases: DatasetCase[],
): { ok: true; text: string } | { ok: false; problems: ExportProblem[] } {
  const lines: string[] = [];
  const problems: ExportProblem[] = [];
  for (const datasetCase of cases) {
    if (!('messages' in datasetCase.input)) {
      problems.push({ caseId: datasetCase.id, reason: 'its input is template variables, not a conversation' });
      continue;
    }
    const entry: Record<string, unknown> = { id: datasetCase.id, question: [datasetCase.input.messages] };
    if (datasetCase.tools) entry.function = datasetCase.tools.map((tool) => tool.function);
    const expectation = datasetCase.expect;
    if (expectation?.kind === 'call' && expectation.bfcl) {
      // A case imported from BFCL goes back as BFCL gave it, numbers as written.
      const { functions, answers } = expectation.bfcl;
      lines.push(
        stringifyLossless({ ...entry, function: parseLossless(functions), ground_truth: parseLossless(answers) }) ?? '',
      );
      continue;
    }
    if (expectation?.kind === 'no_call') entry.ground_truth = [];
    if (expectation?.kind === 'call') {
      entry.ground_truth = expectation.calls.map((call) => ({
        [call.name]: Object.fromEntries(
          Object.entries(call.arguments).map(([name, accepted]) => [
            name,
            [...accepted.map(toBfclAnswer), ...(call.optional.includes(name) ? [''] : [])],
          ]),
        ),
      }));
    }
    lines.push(pythonJsonDumps(entry));
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, text: lines.map((line) => `${line}\n`).join('') };
}

/** A plain accepted value in BFCL's nested form (dict values wrapped in lists), the inverse of expandDictAnswers. */
function toBfclAnswer(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toBfclAnswer);
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, [toBfclAnswer(inner)]]));
  return value;
}
