// The panel's replay and re-run actions: validated requests, experiments started on the job runner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listConversations } from '../../db/queries/conversations';
import { getExperiment } from '../../db/queries/experiments';
import { ExperimentConfig } from '../../experiment-config/experiment-config';
import { createStoredExperiment } from '../../experiments/service';
import { loadRunnableAgent } from '../agents/agents';
import { openTestPanel, type TestPanel } from '../testing/panel-context';
import { experimentOrigin, experimentScoring, replayDefaults } from '../../replay/page-data';
import { ReplayRequestBody, RerunFailedBody, replayConversation, rerunFailedInputs } from './actions';

let panel: TestPanel;
let experimentId: string;

beforeAll(async () => {
  panel = await openTestPanel({ agents: ['harness'] });
  const { runtime, inputs } = await loadRunnableAgent(panel, 'harness');
  const config = ExperimentConfig.parse({
    agent: 'harness',
    variants: [{ name: 'baseline' }],
    endpoint: { baseUrl: panel.simulator.url, model: 'functiongemma-270m-it', simulated: true },
    inputs,
    requestsPerVariant: 26,
    concurrency: 4,
  });
  experimentId = createStoredExperiment(panel.database, config, runtime).id;
  panel.jobRunner.start(experimentId);
  await panel.jobRunner.whenDone(experimentId);
}, 120_000);
afterAll(async () => {
  await panel?.dispose();
});

describe('replay and re-run from the panel', () => {
  it('replays a conversation from turn 2 with a new prompt as a linked experiment, run on the job runner', async () => {
    const twoTurns = listConversations(panel.database, experimentId).conversations.find(
      (conversation) => conversation.modelCallCount === 2,
    );
    if (!twoTurns) throw new Error('the simulator gave no two-turn conversation');
    const body = ReplayRequestBody.parse({
      fromTurn: 2,
      variant: { name: 'new prompt', systemPrompt: 'Call the tools. Always respond with a tool call.' },
    });
    const { id } = replayConversation(panel, twoTurns.id, body);
    await panel.jobRunner.whenDone(id);
    expect(getExperiment(panel.database, id)?.status).toBe('completed');
    const [replayed] = listConversations(panel.database, id).conversations;
    expect(replayed.variantName).toBe('new prompt');
    expect(replayed.modelCallCount).toBe(1);
    expect(() => ReplayRequestBody.parse({ fromTurn: 0 })).toThrow();
    // What the pages show: the turns to replay from, the prompt it ran with, and the link back.
    expect(replayDefaults(panel.database, twoTurns.id)).toMatchObject({ turns: [1, 2], temperature: 0 });
    expect(experimentOrigin(panel.database, id)).toEqual({
      kind: 'replay',
      experimentId,
      conversationId: twoTurns.id,
      fromTurn: 2,
    });
    expect(experimentOrigin(panel.database, experimentId)).toBeNull();
    expect(experimentScoring(panel.database, experimentId)).toBeNull();
  });

  it('re-runs the failed inputs with a variant, or says there is none to pick', async () => {
    const body = RerunFailedBody.parse({
      variant: { name: 'directive', systemPrompt: 'Always respond with a tool call.' },
    });
    const { id, inputs } = rerunFailedInputs(panel, experimentId, body);
    expect(inputs).toBeGreaterThan(0);
    await panel.jobRunner.whenDone(id);
    expect(listConversations(panel.database, id).total).toBe(inputs);
    expect(() => RerunFailedBody.parse({})).toThrow('give variantName or variant');
  });
});
