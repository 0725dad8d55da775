import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listConversations } from '../../db/queries/conversations';
import { importDataset } from '../../db/queries/datasets';
import { parseDatasetText } from '../../datasets/formats';
import { InputError } from '../../errors';
import { createExperimentFromRequest } from './create';
import { getExperimentPageData } from './charts';
import { CreateExperimentRequest } from './requests';
import { openTestPanel, type TestPanel } from '../testing/panel-context';

let panel: TestPanel;
beforeAll(async () => {
  panel = await openTestPanel({ agents: ['harness', 'smart_home'] });
});
afterAll(async () => {
  await panel?.dispose();
});

async function run(body: Record<string, unknown>): Promise<string> {
  const { id } = await createExperimentFromRequest(
    panel,
    CreateExperimentRequest.parse({ endpoint: { kind: 'simulated' }, concurrency: 4, ...body }),
  );
  await panel.jobRunner.whenDone(id);
  return id;
}

function everyConversation(experimentId: string) {
  const all = [];
  for (let offset = 0; ; offset += 500) {
    const page = listConversations(panel.database, experimentId, { limit: 500, offset });
    all.push(...page.conversations);
    if (all.length >= page.total) return all;
  }
}

describe('getExperimentPageData', () => {
  it('counts turns to completion and latencies per variant from the stored conversations', async () => {
    const id = await run({
      agent: 'harness',
      variants: [{ name: 'baseline' }, { name: 'terse', systemPrompt: 'Call tools.' }],
      requestsPerVariant: 25,
    });
    const { view, charts } = getExperimentPageData(panel, id);
    expect(charts.variants).toEqual(['baseline', 'terse']);
    const conversations = everyConversation(id);
    for (const [index, variant] of view.summary.variants.entries()) {
      // Turns: what the stored conversations say, counted here one by one.
      const expected = new Map<number, number>();
      for (const conversation of conversations) {
        if (conversation.variantIndex !== index || conversation.outcome !== 'submitted') continue;
        expected.set(conversation.modelResponseCount, (expected.get(conversation.modelResponseCount) ?? 0) + 1);
      }
      const counted = new Map(
        charts.turns.filter((group) => group.variantIndex === index).map((group) => [group.turns, group.count]),
      );
      expect(counted).toEqual(expected);
      expect([...counted.values()].reduce((sum, count) => sum + count, 0)).toBe(variant.outcomes.submitted ?? 0);
      // Latency: every model response falls in one bucket.
      const responses = charts.latency.groups
        .filter((group) => group.variantIndex === index)
        .reduce((sum, group) => sum + group.count, 0);
      expect(responses).toBe(variant.modelCalls);
    }
    expect(charts.latency.buckets).not.toBeNull();
    for (const group of charts.latency.groups)
      expect(group.bucket).toBeLessThanOrEqual(charts.latency.buckets!.lastIndex);
    expect(charts.confusions).toBeNull();

    // Finished, its exact latency groups are kept (kept-values.ts): a later view does not scan the
    // model calls again, and gives the same groups; a run that finishes again is counted afresh.
    const responses = (groups: typeof charts.latency.groups) => groups.reduce((sum, group) => sum + group.count, 0);
    panel.database.$client
      .prepare(
        "update model_calls set status = 'error' where rowid = (select rowid from model_calls " +
          "where experiment_id = ? and status = 'ok' order by latency_ms limit 1 offset 3)",
      )
      .run(id);
    expect(getExperimentPageData(panel, id).charts.latency).toEqual(charts.latency);
    panel.database.$client.prepare('update experiments set finished_at = finished_at + 1 where id = ?').run(id);
    expect(responses(getExperimentPageData(panel, id).charts.latency.groups)).toBe(
      responses(charts.latency.groups) - 1,
    );
  });

  it('runs a stored dataset with one model call per case, and has accuracy and confusion tables', async () => {
    const text = readFileSync(path.join(panel.root, 'agents', 'smart_home', 'dataset.jsonl'), 'utf8');
    const parsed = parseDatasetText(text, 'remora');
    if (!parsed.ok) throw new Error('the smart_home dataset does not parse');
    const { dataset } = importDataset(panel.database, {
      name: 'smart home cases',
      sourceFormat: 'remora',
      cases: parsed.cases,
    });
    const id = await run({
      agent: 'smart_home',
      dataset: 'smart home cases',
      variants: [{ name: 'a' }, { name: 'b', settings: { toolChoice: 'required' } }],
      requestsPerVariant: parsed.cases.length,
    });
    const { view, charts } = getExperimentPageData(panel, id);
    expect(view.status).toBe('completed');
    expect(view.summary.variants.map((variant) => variant.conversations)).toEqual([
      dataset.caseCount,
      dataset.caseCount,
    ]);
    expect(view.summary.variants[0].callAccuracy).toBeDefined();
    for (const conversation of everyConversation(id)) expect(conversation.modelCallCount).toBe(1);
    expect(charts.confusions?.map((confusion) => confusion.variant)).toEqual(['a', 'b']);
    for (const confusion of charts.confusions ?? []) {
      const counted = confusion.matrix.counts.flat().reduce((sum, count) => sum + count, 0);
      expect(counted).toBe(confusion.total);
      expect(confusion.total).toBeGreaterThan(0);
      expect(confusion.matrix.rows).toContain('toggle_lights');
    }
    // Both variants' tables have the same rows and columns: every tool any of them called.
    const [a, b] = charts.confusions ?? [];
    expect(b.matrix.columns).toEqual(a.matrix.columns);
    expect(b.matrix.rows).toEqual(a.matrix.rows);
  });

  it('refuses an unknown dataset, and a dataset given with inputs', async () => {
    const refusal = (body: Record<string, unknown>) =>
      createExperimentFromRequest(
        panel,
        CreateExperimentRequest.parse({
          agent: 'harness',
          variants: [{ name: 'a' }],
          endpoint: { kind: 'simulated' },
          requestsPerVariant: 1,
          ...body,
        }),
      ).catch((error: unknown) => error);
    const unknown = (await refusal({ dataset: 'no such set' })) as InputError;
    expect(unknown).toBeInstanceOf(InputError);
    expect(unknown.problems).toEqual(['dataset: no dataset named or with id "no such set"']);
    const both = (await refusal({ dataset: 'smart home cases', inputs: [{ node_text: 'x' }] })) as InputError;
    expect(both.problems).toEqual(['dataset: give either inputs or a dataset, not both']);
  });
});
