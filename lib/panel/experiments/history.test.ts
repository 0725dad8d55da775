import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAgentByName } from '../../db/queries/agents';
import { saveVariantVersion } from '../../db/queries/prompt-variants';
import { NotFoundError } from '../../errors';
import { prepareHistoryChart } from '../../metrics/prepare-history';
import { createExperimentFromRequest } from './create';
import { getExperimentView } from './experiments';
import { getAgentHistory, promptKey } from './history';
import { CreateExperimentRequest } from './requests';
import { openTestPanel, type TestPanel } from '../testing/panel-context';

let panel: TestPanel;
const directive =
  'You call tools. Call simple_tool with the request, then submit_result.\nAlways respond with a tool call.';
const ids: string[] = [];

beforeAll(async () => {
  panel = await openTestPanel();
  const agent = getAgentByName(panel.database, 'harness');
  saveVariantVersion(panel.database, { agentId: agent!.id, name: 'directive', systemPrompt: 'an older text' }, 1000);
  saveVariantVersion(panel.database, { agentId: agent!.id, name: 'directive', systemPrompt: directive }, 2000);
  for (const variants of [
    [{ name: 'baseline' }, { name: 'directive', systemPrompt: directive }],
    [{ name: 'baseline' }, { name: 'renamed', systemPrompt: directive }],
  ]) {
    const { id } = await createExperimentFromRequest(
      panel,
      CreateExperimentRequest.parse({
        agent: 'harness',
        variants,
        endpoint: { kind: 'simulated' },
        requestsPerVariant: 6,
      }),
    );
    await panel.jobRunner.whenDone(id);
    ids.push(id);
  }
});
afterAll(async () => {
  await panel?.dispose();
});

describe('getAgentHistory', () => {
  it('gives one point per experiment and variant with the summary’s figures', () => {
    const history = getAgentHistory(panel, 'harness');
    expect(history.experimentsShown).toBe(2);
    expect(history.experimentsTotal).toBe(2);
    expect(history.points).toHaveLength(4);
    for (const id of ids) {
      const summary = getExperimentView(panel, id).summary;
      for (const variant of summary.variants) {
        const point = history.points.find(
          (candidate) => candidate.experimentId === id && candidate.variant === variant.name,
        );
        expect(point?.rates.toolCallRate).toEqual(variant.toolCallRate);
        expect(point?.rates.completionRate).toEqual(variant.completionRate);
        expect(point?.turnsMean).toBe(variant.turnsToCompletion.mean);
        expect(point?.latencyP95).toBe(variant.latencyMs.p95);
        expect(point?.simulated).toBe(true);
        expect(point?.rates.callAccuracy).toBeUndefined();
      }
    }
  });

  it('names a prompt after the newest saved version with its text, and follows it across variant names', () => {
    const history = getAgentHistory(panel, 'harness');
    const directivePoints = history.points.filter((point) => point.promptKey === promptKey(directive));
    expect(directivePoints.map((point) => [point.variant, point.promptLabel])).toEqual(
      expect.arrayContaining([
        ['directive', 'directive v2'],
        ['renamed', 'directive v2'],
      ]),
    );
    const baseline = history.points.find((point) => point.variant === 'baseline');
    expect(baseline?.promptLabel).toMatch(/^prompt #[0-9a-f]{8}$/);
    const byPrompt = prepareHistoryChart(history.points, 'prompt', 'toolCallRate');
    expect(byPrompt.series.map((series) => series.name).sort()).toEqual([baseline?.promptLabel, 'directive v2'].sort());
    expect(prepareHistoryChart(history.points, 'variant', 'toolCallRate').series.map((series) => series.name)).toEqual([
      'baseline',
      'directive',
      'renamed',
    ]);
  });

  it('keeps to the newest experiments when asked, and knows no unknown agent', () => {
    const newest = getAgentHistory(panel, 'harness', { limit: 1 });
    expect(newest.experimentsShown).toBe(1);
    expect(newest.experimentsTotal).toBe(2);
    expect(new Set(newest.points.map((point) => point.experimentId))).toEqual(new Set([ids[1]]));
    expect(() => getAgentHistory(panel, 'nobody')).toThrow(NotFoundError);
  });
});
