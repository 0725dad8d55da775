// The project's own JSONL format: one case a line, exactly the DatasetCase model in case.ts
// (documented with examples in lib/datasets/README.md). A line without "id" gets "line-N".
import type { DatasetCase } from '../case';
import { collectCases, readJsonLines, type DatasetParse, type LineReading } from './lines';
import { isRecord } from '../../protocol/records';

export function parseRemora(text: string): DatasetParse {
  const read = readJsonLines(text);
  if (!read.ok) return read;
  return collectCases(read.lines, readRemoraLine);
}

export function readRemoraLine(value: unknown): LineReading {
  return isRecord(value) ? { ok: true, value } : { ok: false, reason: 'a line must be a JSON object (a case)' };
}

export function exportRemora(cases: DatasetCase[]): string {
  return cases.map((datasetCase) => `${JSON.stringify(caseForFile(datasetCase))}\n`).join('');
}

/** The case with its defaults left out, so that exported files stay as short as hand-written ones. */
function caseForFile(datasetCase: DatasetCase): Record<string, unknown> {
  const entry: Record<string, unknown> = { id: datasetCase.id, input: datasetCase.input };
  if (datasetCase.expect) {
    entry.expect =
      datasetCase.expect.kind === 'no_call'
        ? datasetCase.expect
        : {
            kind: 'call',
            calls: datasetCase.expect.calls.map((call) =>
              call.optional.length > 0 ? call : { name: call.name, arguments: call.arguments },
            ),
          };
  }
  if (datasetCase.tools) entry.tools = datasetCase.tools;
  if (datasetCase.note !== undefined) entry.note = datasetCase.note;
  return entry;
}
