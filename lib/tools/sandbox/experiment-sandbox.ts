// The sandbox an experiment runs its tools in, decided when it is created and stored with it: which
// confinement this machine gave, and whether the user allowed running without one.
import { z } from 'zod';
import { ConfigurationError } from '../../errors';
import { isInProcessTool } from '../in-process-tools';
import type { ToolCallOptions, ToolExecutor } from '../protocol';
import { sandboxHost } from './host';

export const ExperimentSandbox = z.object({
  confinement: z.enum(['bubblewrap', 'none']),
  /** The user chose to run model-written code without a sandbox (--unsafe-no-sandbox, or the panel's checkbox). */
  unsafeNoSandbox: z.boolean(),
});
export type ExperimentSandbox = z.infer<typeof ExperimentSandbox>;

/** True for agents whose tools run code the model wrote (the test agent runs pytest on its tests). */
export function runsModelCode(agent: { settings: Record<string, unknown> }): boolean {
  return agent.settings.runs_model_code === true;
}

type AgentTools = { tools?: { script: string | null }[]; taskSuccess?: { script: string | null } };

/**
 * True when some tool of the agent runs as a process of its own (a worker, a script), the only
 * kind a sandbox confines. An agent whose tools are all built in or run in Remora's process (the
 * harness agent) starts none, so its experiments never probe for bubblewrap.
 */
export function needsConfinement(agent: AgentTools): boolean {
  const scripts = [...(agent.tools ?? [{ script: 'unknown' }]), ...(agent.taskSuccess ? [agent.taskSuccess] : [])];
  return scripts.some((tool) => tool.script !== null && !isInProcessTool(tool.script));
}

const INSTALL = 'install bubblewrap (apt-get install bubblewrap) so that this code runs confined';

function noSandbox(agent: { name: string }, reason: string | null, ways: string[]): ConfigurationError {
  return new ConfigurationError(
    `agent "${agent.name}" runs code the model writes, and there is no sandbox here: ${reason}`,
    ways,
  );
}

/**
 * The sandbox for a new experiment (also a replay or a rerun, which ask again). Without bubblewrap,
 * an agent that runs model-written code is refused unless the user opted in: that code would run
 * with the user's own rights. An agent with no tool to confine records `none` without a probe.
 */
export function chooseExperimentSandbox(
  agent: { name: string; settings: Record<string, unknown> } & AgentTools,
  unsafeNoSandbox: boolean,
): ExperimentSandbox {
  if (!runsModelCode(agent) && !needsConfinement(agent)) return { confinement: 'none', unsafeNoSandbox };
  const host = sandboxHost();
  if (host.confinement === 'none' && runsModelCode(agent) && !unsafeNoSandbox) {
    throw noSandbox(agent, host.unavailableReason, [
      INSTALL,
      'or, knowing that it will run with your own rights, pass --unsafe-no-sandbox ' +
        '(in the panel: tick "Run without a sandbox")',
    ]);
  }
  return { confinement: host.confinement, unsafeNoSandbox };
}

/** A campaign's sandbox: campaigns offer no opt-in, so an agent that runs model-written code needs bubblewrap. */
export function chooseCampaignSandbox(agent: { name: string; settings: Record<string, unknown> }): ExperimentSandbox {
  const host = sandboxHost();
  if (host.confinement === 'none' && runsModelCode(agent))
    throw noSandbox(agent, host.unavailableReason, [`${INSTALL}: a campaign runs such an agent only in a sandbox`]);
  return { confinement: host.confinement, unsafeNoSandbox: false };
}

/** An executor that runs every call with the experiment's options. */
export function withCallOptions(executor: ToolExecutor, options: ToolCallOptions): ToolExecutor {
  return {
    execute: (script, request, limits, signal, callOptions) =>
      executor.execute(script, request, limits, signal, { ...options, ...callOptions }),
    close: () => executor.close(),
  };
}
