// What the new-experiment form offers: the agents with their saved variants, the endpoints, the
// datasets and how the server confines tools. Types only, read by form-drafts.ts and form-choices.ts.

/** A saved prompt variant's latest version; a null nodeContext means the agent's own template. */
type FormSavedVariant = {
  id: string;
  name: string;
  version: number;
  systemPrompt: string;
  nodeContext: string | null;
  /** The version it was forked from ("from v2 of baseline"), when it was. */
  origin?: { name: string; version: number } | null;
};
/**
 * `runsModelCode`: its tools run code the model wrote (the test agent's pytest), so it needs a
 * sandbox or the user's opt-in.
 */
export type FormAgent = {
  name: string;
  systemPrompt: string;
  tools: string[];
  inputCount: number;
  maxTurns: number | null;
  savedVariants: FormSavedVariant[];
  runsModelCode?: boolean;
  /** The dataset it ships with (its default_dataset), offered as inputs: the file and its case count. */
  bundledDataset?: { file: string; caseCount: number } | null;
};
export type FormEndpoint = { name: string; model: string; builtIn: boolean; baseUrl: string };
/** `toolNames`: the tools its expected calls name, in cases that do not bring their own tools. */
export type FormDataset = { id: string; name: string; caseCount: number; toolNames?: string[] };
/** How the server confines tools (lib/tools/sandbox): bubblewrap, or none with the reason. */
export type FormSandbox = { confinement: 'bubblewrap' | 'none'; reason: string | null };
export type ExperimentFormOptions = {
  agents: FormAgent[];
  invalidAgents: string[];
  endpoints: FormEndpoint[];
  datasets: FormDataset[];
  sandbox?: FormSandbox;
};
