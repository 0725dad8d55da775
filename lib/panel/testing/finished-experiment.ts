// A test panel with one finished experiment of the harness agent (two variants, on the simulator).
import { createExperimentFromRequest } from '../experiments/create';
import { CreateExperimentRequest } from '../experiments/requests';
import { openTestPanel, type TestPanel } from './panel-context';

export async function openPanelWithFinishedExperiment(requestsPerVariant: number): Promise<[TestPanel, string]> {
  const panel = await openTestPanel();
  const request = CreateExperimentRequest.parse({
    agent: 'harness',
    variants: [{ name: 'a' }, { name: 'b' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant,
  });
  const { id } = await createExperimentFromRequest(panel, request);
  await panel.jobRunner.whenDone(id);
  return [panel, id];
}
