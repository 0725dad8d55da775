import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { getAgentByName, listAgents } from '../../db/queries/agents';
import { InputError } from '../../errors';
import { storedPrompt } from './editing';
import { ImportAgentRequest } from './requests';
import { exportAgentYaml, importAgentYaml } from './yaml';
import { getVariantHistory } from './variants';
import { openTestPanel, type TestPanel } from '../testing/panel-context';

let panel: TestPanel;
beforeAll(async () => {
  panel = await openTestPanel();
});
afterAll(async () => {
  await panel?.dispose();
});

async function refusal(run: Promise<unknown>): Promise<InputError> {
  const error = await run.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

const request = (fields: Record<string, unknown>) => ImportAgentRequest.parse(fields);

describe('agent YAML', () => {
  it('exports the stored definition, and the export imports back as the same definition', async () => {
    const exported = exportAgentYaml(panel, 'harness');
    expect(exported.fileName).toBe('harness.agent.yaml');
    expect(exported.text).toMatch(/^# Agent "harness"/);
    const stored = getAgentByName(panel.database, 'harness')!.definition;
    expect(parse(exported.text)).toEqual(stored);
    const dry = await importAgentYaml(panel, request({ yaml: exported.text, replace: true, dryRun: true }));
    expect(dry).toMatchObject({ name: 'harness', replaces: true, stored: false, folder: 'agents/harness' });
  });

  it("imports a copy under a new name with another agent's scripts, records prompt history on replace", async () => {
    const text = exportAgentYaml(panel, 'harness').text.replace('name: harness', 'name: harness_copy');
    const refused = await refusal(importAgentYaml(panel, request({ yaml: text })));
    // Its scripts are looked for in agents/harness_copy, which does not exist.
    expect(refused.problems.join('\n')).toMatch(/simple-tool\.ts does not exist/);
    expect(getAgentByName(panel.database, 'harness_copy')).toBeNull();

    // Its tools are scripts: the import needs the user's confirmation that this runs code on the machine.
    const unconfirmed = await refusal(importAgentYaml(panel, request({ yaml: text, toolsFrom: 'harness' })));
    expect(unconfirmed.message).toMatch(/runs code on your machine/);
    const imported = await importAgentYaml(panel, request({ yaml: text, toolsFrom: 'harness', allowScripts: true }));
    expect(imported).toMatchObject({ name: 'harness_copy', replaces: false, stored: true });
    expect(getAgentByName(panel.database, 'harness_copy')?.sourcePath).toBe('agents/harness');

    const again = await refusal(importAgentYaml(panel, request({ yaml: text, toolsFrom: 'harness' })));
    expect(again.message).toMatch(/exists already/);

    const changed = text.replace('Always respond with a tool call.', 'Always respond with a tool call. Be brief.');
    await importAgentYaml(panel, request({ yaml: changed, replace: true }));
    expect(storedPrompt(getAgentByName(panel.database, 'harness_copy')!.definition).systemPrompt).toMatch(
      /Be brief\.$/,
    );
    const history = getVariantHistory(panel, 'harness_copy', 'default');
    expect(history.map((version) => version.note)).toEqual(['imported from YAML', 'the agent’s prompt as imported']);
  });

  it('refuses bad YAML and bad definitions with their reasons, storing nothing', async () => {
    const before = listAgents(panel.database).map((row) => [row.name, row.updatedAt]);
    const yamlError = await refusal(importAgentYaml(panel, request({ yaml: 'name: [unclosed\nmax_turns: 2' })));
    expect(yamlError.problems[0]).toMatch(/^YAML: /);
    const shapeError = await refusal(importAgentYaml(panel, request({ yaml: 'name: lonely\nmax_turns: zero\n' })));
    expect(shapeError.problems.join('\n')).toMatch(/max_turns \(line 2, column 12\)/);
    expect(shapeError.problems.join('\n')).toMatch(/initial_context/);
    const scalar = await refusal(importAgentYaml(panel, request({ yaml: 'just text' })));
    expect(scalar.problems.length).toBeGreaterThan(0);
    const donor = await refusal(
      importAgentYaml(panel, request({ yaml: exportAgentYaml(panel, 'harness').text, toolsFrom: 'nobody' })),
    );
    expect(donor.problems).toEqual(['toolsFrom: no agent named "nobody"']);
    expect(listAgents(panel.database).map((row) => [row.name, row.updatedAt])).toEqual(before);
  });
});
