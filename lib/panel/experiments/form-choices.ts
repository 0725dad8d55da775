// What the new-experiment form offers for the chosen agent: the inputs that apply to it (its own,
// its bundled dataset, the stored sets whose expected calls name only its tools) and what it says
// about the sandbox. Pure, shared by the browser and the tests.
import type { ExperimentFormOptions, FormAgent, FormDataset, FormSandbox } from './form-options';

/** The inputs select's value for the agent's bundled dataset (stored when the form is sent). */
export const BUNDLED_SOURCE = 'bundled';

/**
 * The tools a stored set's expected calls name that the agent does not have (cases that bring their
 * own tools need none of the agent's). Empty: the set applies to the agent.
 */
export function missingTools(dataset: FormDataset, agent: FormAgent | undefined): string[] {
  if (!agent) return [];
  return (dataset.toolNames ?? []).filter((name) => !agent.tools.includes(name));
}

/** The stored sets the inputs picker shows for this agent, and how many it leaves out. */
export function datasetsFor(
  options: ExperimentFormOptions,
  agent: FormAgent | undefined,
): { shown: FormDataset[]; hidden: number } {
  const shown = options.datasets.filter((dataset) => missingTools(dataset, agent).length === 0);
  return { shown, hidden: options.datasets.length - shown.length };
}

/**
 * Whether an inputs choice still holds for another agent: its own inputs always; its bundled set when
 * it has one; a stored set when its calls name only the agent's tools.
 */
export function inputsStillApply(
  inputSource: string,
  options: ExperimentFormOptions,
  agent: FormAgent | undefined,
): boolean {
  if (inputSource === BUNDLED_SOURCE) return Boolean(agent?.bundledDataset);
  if (!inputSource.startsWith('dataset:')) return true;
  const dataset = options.datasets.find((candidate) => `dataset:${candidate.id}` === inputSource);
  return dataset !== undefined && missingTools(dataset, agent).length === 0;
}

/**
 * What the form says about the sandbox for the chosen agent: nothing to choose where bubblewrap
 * confines the tools; where it does not, a warning, and for an agent that runs model-written code
 * the "Run without a sandbox" checkbox the server requires before it runs that code unconfined.
 */
export function sandboxNotice(options: ExperimentFormOptions, agent: FormAgent | undefined): SandboxNotice {
  return sandboxNoticeFor(options.sandbox, agent);
}

export type SandboxNotice = { status: string; warning: string | null; needsOptIn: boolean };

/** The same for any page that starts an experiment (a replay, a rerun): the server's sandbox and the agent. */
export function sandboxNoticeFor(
  given: FormSandbox | undefined,
  agent: Pick<FormAgent, 'name' | 'runsModelCode'> | undefined,
): SandboxNotice {
  const sandbox = given ?? { confinement: 'bubblewrap', reason: null };
  if (sandbox.confinement === 'bubblewrap')
    return {
      status:
        'Tools run in a bubblewrap sandbox: no network, only their workspace writable, none of the server’s secrets.',
      warning: null,
      needsOptIn: false,
    };
  const status = `No sandbox on this server (${sandbox.reason ?? 'bubblewrap is not available'}).`;
  if (!agent?.runsModelCode) return { status, warning: null, needsOptIn: false };
  return {
    status,
    warning:
      `The agent “${agent.name}” runs code the model writes. Without a sandbox that code runs with the rights ` +
      'of the user running the panel: it can read and change your files, use your network and see the ' +
      'server’s environment. Install bubblewrap instead if you can.',
    needsOptIn: true,
  };
}
