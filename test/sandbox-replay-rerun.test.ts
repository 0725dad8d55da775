// A replay or a rerun is a new experiment: it asks for its own sandbox choice instead of copying the
// original's. The attack: an experiment the user once allowed to run the test agent's
// model-written code without a sandbox (no bubblewrap, "Run without a sandbox" ticked) is replayed
// or rerun from the panel, and that code would run unconfined again without anyone being asked.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listConversations } from '../lib/db/queries/conversations';
import { getExperiment } from '../lib/db/queries/experiments';
import { InputError } from '../lib/errors';
import { readStoredConfig } from '../lib/experiment-config/stored-config';
import { createExperimentFromRequest } from '../lib/panel/experiments/create';
import { cancelExperimentById } from '../lib/panel/experiments/experiments';
import { CreateExperimentRequest } from '../lib/panel/experiments/requests';
import { ReplayRequestBody, RerunFailedBody, replayConversation, rerunFailedInputs } from '../lib/panel/replay/actions';
import { rerunSandboxNotice } from '../lib/panel/replay/sandbox-notice';
import { openTestPanel, type TestPanel } from '../lib/panel/testing/panel-context';
import { resetSandboxHost } from '../lib/tools/sandbox/host';

let panel: TestPanel;
let original: string;
let conversation: string;
const before = process.env.REMORA_BWRAP;

function withoutBubblewrap(): void {
  process.env.REMORA_BWRAP = '';
  resetSandboxHost();
}
function restoreBubblewrap(): void {
  if (before === undefined) delete process.env.REMORA_BWRAP;
  else process.env.REMORA_BWRAP = before;
  resetSandboxHost();
}

beforeAll(async () => {
  panel = await openTestPanel({ agents: ['test'] });
  // The original: no bubblewrap here, and the user ticked "Run without a sandbox".
  withoutBubblewrap();
  const request = CreateExperimentRequest.parse({
    agent: 'test',
    variants: [{ name: 'a' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 2,
    unsafeNoSandbox: true,
  });
  original = (await createExperimentFromRequest(panel, request)).id;
  await panel.jobRunner.whenDone(original);
  restoreBubblewrap();
  const stored = listConversations(panel.database, original).conversations.find((row) => row.modelCallCount > 0);
  if (!stored) throw new Error('the original stored no conversation with a model call');
  conversation = stored.id;
}, 180_000);
afterEach(restoreBubblewrap);
afterAll(async () => {
  await panel?.dispose();
});

const sandboxOf = (id: string) => readStoredConfig(getExperiment(panel.database, id)?.config).experiment.sandbox;

/** Starts the new experiment and stops it at once: what matters here is what it recorded. */
function started(id: string): string {
  cancelExperimentById(panel, id);
  return id;
}

function refusal(action: () => unknown): unknown {
  try {
    action();
    return null;
  } catch (error) {
    return error;
  }
}

describe('replay and rerun of an experiment that ran without a sandbox', () => {
  it('the original recorded the opt-in', () => {
    expect(sandboxOf(original)).toEqual({ confinement: 'none', unsafeNoSandbox: true });
  });

  it('without bubblewrap, are refused unless the request opts in again, and record their own choice', () => {
    withoutBubblewrap();
    const replay = refusal(() => replayConversation(panel, conversation, ReplayRequestBody.parse({ fromTurn: 1 })));
    const rerun = refusal(() =>
      rerunFailedInputs(panel, original, RerunFailedBody.parse({ variantName: 'a', failedIn: undefined })),
    );
    for (const error of [replay, rerun]) {
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).message).toContain('runs code the model writes, and there is no sandbox here');
      expect((error as InputError).problems.join('\n')).toContain('Run without a sandbox');
    }
    // The pages offer the checkbox; ticked, the request carries the choice and the experiment records it.
    expect(rerunSandboxNotice(panel.database, original)).toMatchObject({ needsOptIn: true });
    const optedIn = started(
      replayConversation(panel, conversation, ReplayRequestBody.parse({ fromTurn: 1, unsafeNoSandbox: true })).id,
    );
    expect(sandboxOf(optedIn)).toEqual({ confinement: 'none', unsafeNoSandbox: true });
    const rerunOptedIn = started(
      rerunFailedInputs(panel, original, RerunFailedBody.parse({ variantName: 'a', unsafeNoSandbox: true })).id,
    );
    expect(sandboxOf(rerunOptedIn)).toEqual({ confinement: 'none', unsafeNoSandbox: true });
  });

  it('with bubblewrap, run in it: the original’s opt-in is not carried over', () => {
    const replay = started(replayConversation(panel, conversation, ReplayRequestBody.parse({ fromTurn: 1 })).id);
    const rerun = started(rerunFailedInputs(panel, original, RerunFailedBody.parse({ variantName: 'a' })).id);
    for (const id of [replay, rerun])
      expect(sandboxOf(id)).toEqual({ confinement: 'bubblewrap', unsafeNoSandbox: false });
    expect(rerunSandboxNotice(panel.database, original)).toBeNull();
  });
});
