// An experiment started from the panel records how its tools are confined, and where bubblewrap is
// missing, one whose agent runs model-written code (the test agent's pytest) is refused unless the
// request says the user ticked "Run without a sandbox" (the form's checkbox, `unsafeNoSandbox`).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getExperiment } from '../lib/db/queries/experiments';
import { InputError } from '../lib/errors';
import { readStoredConfig } from '../lib/experiment-config/stored-config';
import { createExperimentFromRequest } from '../lib/panel/experiments/create';
import { cancelExperimentById, getExperimentView } from '../lib/panel/experiments/experiments';
import { CreateExperimentRequest } from '../lib/panel/experiments/requests';
import { getExperimentFormOptions } from '../lib/panel/experiments/form';
import { initialDraft } from '../lib/panel/experiments/form-drafts';
import { sandboxNotice } from '../lib/panel/experiments/form-choices';
import { requestBodyOf } from '../lib/panel/experiments/form-request';
import { openTestPanel, type TestPanel } from '../lib/panel/testing/panel-context';
import { resetSandboxHost } from '../lib/tools/sandbox/host';

let panel: TestPanel;
const before = process.env.REMORA_BWRAP;
beforeAll(async () => {
  panel = await openTestPanel({ agents: ['harness', 'test'] });
});
afterEach(() => {
  if (before === undefined) delete process.env.REMORA_BWRAP;
  else process.env.REMORA_BWRAP = before;
  resetSandboxHost();
});
afterAll(async () => {
  await panel?.dispose();
});

const request = (body: Record<string, unknown>) =>
  CreateExperimentRequest.parse({
    agent: 'test',
    variants: [{ name: 'a' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 1,
    ...body,
  });

async function startAndStop(body: Record<string, unknown>) {
  const { id } = await createExperimentFromRequest(panel, request(body));
  cancelExperimentById(panel, id);
  return readStoredConfig(getExperiment(panel.database, id)?.config).experiment.sandbox;
}

/** What the experiment page is given: the record, and whether any tool of the agent runs as a process. */
async function shownSandbox(body: Record<string, unknown>) {
  const { id } = await createExperimentFromRequest(panel, request(body));
  cancelExperimentById(panel, id);
  return getExperimentView(panel, id).settings?.sandbox;
}

describe('the sandbox of an experiment started from the panel', () => {
  it('is recorded: bubblewrap on this machine, and the form says so without asking anything', async () => {
    expect(await startAndStop({})).toEqual({ confinement: 'bubblewrap', unsafeNoSandbox: false });
    const options = await getExperimentFormOptions(panel);
    expect(options.sandbox).toEqual({ confinement: 'bubblewrap', reason: null });
    expect(
      sandboxNotice(
        options,
        options.agents.find((agent) => agent.name === 'test'),
      ),
    ).toMatchObject({ needsOptIn: false, warning: null });
  });

  it('without bubblewrap, is refused for the test agent unless the box is ticked; the choice is recorded', async () => {
    process.env.REMORA_BWRAP = '';
    resetSandboxHost();
    const refusal = await createExperimentFromRequest(panel, request({})).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(InputError);
    expect((refusal as InputError).message).toContain('runs code the model writes, and there is no sandbox here');
    expect((refusal as InputError).problems.join('\n')).toContain('Run without a sandbox');
    // The form warns and offers the checkbox for the test agent only; ticked, its body is what the API needs.
    const options = await getExperimentFormOptions(panel);
    const testAgent = options.agents.find((agent) => agent.name === 'test');
    expect(sandboxNotice(options, testAgent)).toMatchObject({
      needsOptIn: true,
      warning: expect.stringContaining('runs code the model writes'),
    });
    expect(
      sandboxNotice(
        options,
        options.agents.find((agent) => agent.name === 'harness'),
      ),
    ).toMatchObject({ needsOptIn: false, warning: null });
    const { draft } = initialDraft(options, { agent: 'test' });
    const { body } = requestBodyOf({ ...draft, requestsPerVariant: '1', unsafeNoSandbox: true }, options);
    const { id } = await createExperimentFromRequest(panel, CreateExperimentRequest.parse(body));
    cancelExperimentById(panel, id);
    expect(readStoredConfig(getExperiment(panel.database, id)?.config).experiment.sandbox).toEqual({
      confinement: 'none',
      unsafeNoSandbox: true,
    });
    // An agent that runs no model-written code needs no opt-in; the record says there was no sandbox.
    expect(await startAndStop({ agent: 'harness' })).toEqual({ confinement: 'none', unsafeNoSandbox: false });
  });

  it('is shown with whether a tool runs as a process: none for the harness agent, some for the test one', async () => {
    expect(await shownSandbox({ agent: 'harness' })).toEqual({
      confinement: 'none',
      unsafeNoSandbox: false,
      toolProcesses: false,
    });
    expect(await shownSandbox({})).toEqual({ confinement: 'bubblewrap', unsafeNoSandbox: false, toolProcesses: true });
  });
});

describe('the files an experiment from the panel may name', () => {
  it('are under the agent’s folder (or one named): a file elsewhere is refused, the input named', async () => {
    const outside = (await import('node:os')).homedir();
    const refusal = await createExperimentFromRequest(
      panel,
      request({
        agent: 'harness',
        inputs: [
          { node_text: 'x = 1', file_path: 'agents/harness/agent.yaml' },
          { node_text: 'y = 2', node_name: 'keys', file_path: `${outside}/.ssh/id_rsa` },
          { node_text: 'z', file_path: '../../etc/passwd' },
        ],
      }),
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(InputError);
    const problems = (refusal as InputError).problems.join('\n');
    expect(problems).toContain(
      `input 2 (keys): file_path ${outside}/.ssh/id_rsa is outside the folders chosen for this experiment`,
    );
    expect(problems).toContain('input 3: file_path ../../etc/passwd is outside');
    expect(problems).not.toContain('input 1');
    // A file in the agent's folder is fine, and the experiment records which folders its inputs may name.
    const { id } = await createExperimentFromRequest(
      panel,
      request({ agent: 'harness', inputs: [{ node_text: 'x = 1', file_path: 'agents/harness/agent.yaml' }] }),
    );
    cancelExperimentById(panel, id);
    const database = panel.database.$client.name;
    expect(readStoredConfig(getExperiment(panel.database, id)?.config).experiment.inputFiles).toEqual({
      base: panel.root,
      roots: [`${panel.root}/agents/harness`],
      refused: [`${panel.root}/data`, database, `${database}-wal`, `${database}-shm`],
    });
  });
});
