// What a replay or rerun form shows about the sandbox: the new experiment asks again (the
// original's choice is not copied), so where this server has no sandbox and the agent runs
// model-written code, the page warns and offers the same opt-in as the new-experiment form.
import type { RemoraDatabase } from '../../db/client';
import { getExperiment } from '../../db/queries/experiments';
import { readStoredConfig } from '../../experiment-config/stored-config';
import { runsModelCode } from '../../tools/sandbox/experiment-sandbox';
import { sandboxHost } from '../../tools/sandbox/host';
import { sandboxNoticeFor, type SandboxNotice } from '../experiments/form-choices';

/** The notice when the user must opt in to run the experiment's agent here; null when there is nothing to ask. */
export function rerunSandboxNotice(database: RemoraDatabase, experimentId: string): SandboxNotice | null {
  const row = getExperiment(database, experimentId);
  if (!row) return null;
  const { agent } = readStoredConfig(row.config);
  // Only such an agent can be refused, and only then is bubblewrap probed.
  if (!runsModelCode(agent)) return null;
  const host = sandboxHost();
  const notice = sandboxNoticeFor(
    { confinement: host.confinement, reason: host.unavailableReason },
    { name: agent.name, runsModelCode: true },
  );
  return notice.needsOptIn ? notice : null;
}
