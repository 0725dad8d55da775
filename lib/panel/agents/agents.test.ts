import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAgentByName, upsertAgent } from '../../db/queries/agents';
import { InputError } from '../../errors';
import { listAgentViews, loadRunnableAgent } from './agents';
import { openTestPanel, type TestPanel } from '../testing/panel-context';

let panel: TestPanel;
beforeAll(async () => {
  panel = await openTestPanel();
});
afterAll(async () => {
  await panel?.dispose();
});

describe('agents', () => {
  it('lists the imported agent with its tools, inputs and validation', async () => {
    const [harness] = await listAgentViews(panel);
    expect(harness).toMatchObject({
      name: 'harness',
      maxTurns: 2,
      valid: true,
      problems: [],
      sourcePath: 'agents/harness',
    });
    expect(harness.tools.map((tool) => [tool.name, tool.builtIn])).toEqual([
      ['simple_tool', false],
      ['submit_result', true],
    ]);
    expect(harness.tools[0].parameters).toMatchObject({ type: 'object', required: ['payload'] });
    expect(harness.inputCount).toBeGreaterThan(0);
    expect(harness.systemPrompt).toMatch(/Always respond with a tool call/);
  });

  it('turns a stored agent into a runtime with absolute script paths and its default inputs', async () => {
    const agent = await loadRunnableAgent(panel, 'harness');
    expect(agent.runtime.tools[0].script).toBe(`${panel.root}/agents/harness/tools/simple-tool.ts`);
    expect(agent.runtime.tools[1].script).toBeNull();
    expect(agent.inputs.length).toBeGreaterThan(0);
  });

  it('shows an invalid stored agent with its problems, and refuses to run it', async () => {
    const harness = getAgentByName(panel.database, 'harness');
    const definition = {
      ...(harness?.definition as Record<string, unknown>),
      name: 'half_edited',
      tools: [{ name: 'only_one', description: 'x', parameters: {}, script: 'tools/missing.ts' }],
    };
    upsertAgent(panel.database, { name: 'half_edited', definition, sourcePath: 'agents/harness' });
    const view = (await listAgentViews(panel)).find((agent) => agent.name === 'half_edited');
    expect(view?.valid).toBe(false);
    expect(view?.problems.join('\n')).toMatch(/no submit_result tool/);
    expect(view?.problems.join('\n')).toMatch(/missing\.ts/);
    const refused = await loadRunnableAgent(panel, 'half_edited').catch((error: unknown) => error as InputError);
    expect(refused).toBeInstanceOf(InputError);
    expect((refused as InputError).problems.every((problem) => problem.startsWith('agent: '))).toBe(true);
  });
});
