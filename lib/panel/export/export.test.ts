import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDataset } from '../../db/queries/datasets';
import { parseDatasetText } from '../../datasets/formats';
import { NotFoundError } from '../../errors';
import { parseJson } from '../../protocol/json';
import { listConversations } from '../../db/queries/conversations';
import { createExperimentFromRequest } from '../experiments/create';
import { getExperimentView } from '../experiments/experiments';
import { exportExperiment, type ExportFormat } from './export';
import { CSV_COLUMNS } from './format';
import { CreateExperimentRequest } from '../experiments/requests';
import { openTestPanel, type TestPanel } from '../testing/panel-context';

let panel: TestPanel;
let experimentId: string;

beforeAll(async () => {
  panel = await openTestPanel({ agents: ['harness', 'smart_home'] });
  const request = CreateExperimentRequest.parse({
    agent: 'harness',
    variants: [
      { name: 'baseline' },
      { name: 'directive', systemPrompt: 'Call simple_tool, then submit_result. Always respond with a tool call.' },
    ],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 7,
    concurrency: 4,
  });
  experimentId = (await createExperimentFromRequest(panel, request)).id;
  await panel.jobRunner.whenDone(experimentId);
});
afterAll(async () => {
  await panel?.dispose();
});

async function read(format: ExportFormat, batchSize?: number): Promise<string> {
  // Decoded by hand: Response.text() would drop the byte-order mark the CSV starts with.
  const bytes = await new Response(exportExperiment(panel, experimentId, format, { batchSize }).stream).arrayBuffer();
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

/** RFC 4180 rows, enough for what the export writes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += character;
  }
  return rows;
}

const allConversations = () => listConversations(panel.database, experimentId, { limit: 500 }).conversations;

describe('exportExperiment', () => {
  it('writes one CSV row per conversation, in variant and slot order across small batches', async () => {
    const text = await read('csv', 3);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual([...CSV_COLUMNS]);
    const stored = allConversations();
    expect(rows).toHaveLength(14);
    expect(rows.map((row) => row[0])).toEqual(stored.map((conversation) => conversation.id));
    const column = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
    rows.forEach((row, index) => {
      const conversation = stored[index];
      expect(row[column('variant')]).toBe(conversation.variantName);
      expect(row[column('outcome')]).toBe(conversation.outcome);
      expect(Number(row[column('model_calls')])).toBe(conversation.modelCallCount);
      expect(Number(row[column('tool_calls')])).toBe(conversation.toolCallCount);
      expect(row[column('parse_paths')]).toBe(
        conversation.parsePaths.map((path) => path ?? 'request_failed').join(' '),
      );
      expect(row[column('turns')]).toBe(String(conversation.modelResponseCount));
      expect(Number(row[column('model_latency_ms')])).toBeGreaterThanOrEqual(0);
      // No dataset: no verdict. From the simulator: marked so.
      expect(row[column('accuracy_verdict')]).toBe('');
      expect(row[column('simulated')]).toBe('true');
    });
    expect(new Set(rows.map((row) => row[column('variant')]))).toEqual(new Set(['baseline', 'directive']));
    expect(exportExperiment(panel, experimentId, 'csv').filename).toBe(
      `remora-experiment-${experimentId}-conversations.csv`,
    );
  });

  it('writes JSON holding the experiment, the API summary and every conversation', async () => {
    const parsed = parseJson(await read('json', 4));
    expect(parsed.ok).toBe(true);
    const body = (
      parsed as {
        ok: true;
        value: {
          experiment: { id: string; status: string };
          summary: unknown;
          conversations: { id: string; parsePaths: unknown[] }[];
        };
      }
    ).value;
    expect(body.experiment).toMatchObject({ id: experimentId, status: 'completed' });
    expect(body.summary).toEqual(getExperimentView(panel, experimentId).summary);
    expect(body.conversations.map((conversation) => conversation.id)).toEqual(
      allConversations().map((conversation) => conversation.id),
    );
    expect(body.conversations[0].parsePaths.length).toBeGreaterThan(0);
  });

  it('writes one full transcript per JSONL line', async () => {
    const lines = (await read('jsonl', 5)).trimEnd().split('\n');
    expect(lines).toHaveLength(14);
    const stored = allConversations();
    lines.forEach((line, index) => {
      const parsed = parseJson(line);
      expect(parsed.ok).toBe(true);
      const transcript = (
        parsed as {
          ok: true;
          value: {
            conversation: { id: string; modelCallCount: number };
            messages: { role: string }[];
            modelCalls: { messagePositions: number[] }[];
            toolExecutions: unknown[];
            simulated: boolean;
          };
        }
      ).value;
      expect(transcript.conversation.id).toBe(stored[index].id);
      expect(transcript.simulated).toBe(true);
      expect(transcript.messages.slice(0, 2).map((message) => message.role)).toEqual(['system', 'user']);
      expect(transcript.modelCalls).toHaveLength(transcript.conversation.modelCallCount);
      // Each call names the messages it sent, all of them stored in the line.
      for (const call of transcript.modelCalls)
        for (const position of call.messagePositions) expect(transcript.messages[position]).toBeDefined();
    });
  });

  it('knows no unknown experiment', () => {
    expect(() => exportExperiment(panel, 'missing', 'csv')).toThrow(NotFoundError);
  });
});

describe('exporting a dataset run', () => {
  it('names each case and gives its verdict', async () => {
    const parsed = parseDatasetText(
      readFileSync(path.join(panel.root, 'agents', 'smart_home', 'dataset.jsonl'), 'utf8'),
      'remora',
    );
    if (!parsed.ok) throw new Error('the smart_home dataset does not parse');
    importDataset(panel.database, { name: 'export cases', sourceFormat: 'remora', cases: parsed.cases });
    const request = CreateExperimentRequest.parse({
      agent: 'smart_home',
      dataset: 'export cases',
      variants: [{ name: 'only' }],
      endpoint: { kind: 'simulated' },
      requestsPerVariant: parsed.cases.length,
    });
    const id = (await createExperimentFromRequest(panel, request)).id;
    await panel.jobRunner.whenDone(id);
    const bytes = await new Response(exportExperiment(panel, id, 'csv').stream).arrayBuffer();
    const [header, ...rows] = parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1));
    expect(rows).toHaveLength(parsed.cases.length);
    const column = (name: (typeof CSV_COLUMNS)[number]) => header.indexOf(name);
    expect(rows.map((row) => row[column('case_key')]).sort()).toEqual(parsed.cases.map((entry) => entry.id).sort());
    const verdicts = new Set(rows.map((row) => row[column('accuracy_verdict')]));
    expect([...verdicts].every((verdict) => ['correct', 'wrong', 'unscored'].includes(verdict))).toBe(true);
    const summary = getExperimentView(panel, id).summary.variants[0];
    const correct = rows.filter(
      (row) => row[column('accuracy_verdict')] === 'correct' && row[column('name_correct')] !== '',
    ).length;
    // Cases that expect a call and were answered right: the call accuracy's successes.
    expect(correct).toBe(summary.counts?.callAccuracy?.successes);
    expect(rows[0][column('input_summary')]).not.toBe('');
  });
});
