// One judged conversation, the step the experiment worker, a campaign's nodes and the playground
// share: a workspace, the replay's setup calls, the conversation, its task-success check (while the
// workspace still holds what the conversation left), the workspace's changes, and the workspace's
// removal when anything fails. The callers keep only their scheduling and what they store.
import type { Verdict } from '../datasets/verdict';
import { errorMessage } from '../errors';
import type { ConversationInput } from '../protocol/conversation';
import type { Expectation } from '../protocol/expectation';
import { runConversation } from '../runner/run-conversation';
import type { AgentRuntime, ConversationRecord, RunnerDependencies, RunnerSettings } from '../runner/types';
import { checkTaskSuccess, checkWithCustomScript } from '../task-success/check';
import { CUSTOM_CHECK_LIMITS, type CustomCheckScript } from '../task-success/custom-check';
import type { TaskCheck } from '../task-success/types';
import type { WorkspaceProvider } from '../tools/workspace';
import { runSetupCalls } from './setup-calls';

/** A conversation's private folder, as the step needs it. */
export type JudgedWorkspace<Changes> = {
  path: string;
  /** The target file's content before the conversation (the lint check counts issues against it). */
  original: string | null;
  /** Reads what the conversation changed and removes the folder; called once the check has judged. */
  finish(judged: { record: ConversationRecord; taskCheck: TaskCheck | null }): Promise<Changes>;
  /** Removes the folder after a failure, its changes unread. */
  discard(): Promise<void>;
};

export type JudgedConversationRequest<Changes> = {
  agent: AgentRuntime;
  settings: RunnerSettings;
  input: ConversationInput;
  /** The client, tools, signal and event sink the conversation runs with. */
  run: Omit<RunnerDependencies, 'workspace'>;
  /** Null when the agent's tools change no file. */
  openWorkspace(): Promise<JudgedWorkspace<Changes> | null>;
  /** The expectation of the dataset case this conversation ran, when it ran one. */
  expectation?: Expectation | null;
  /** The case's verdict on the finished record, so that it is scored once. */
  verdict?(record: ConversationRecord): Verdict | null;
  /** The experiment's own check, run after the agent's, in the same workspace and the same way. */
  customCheck?: CustomCheckScript | null;
};

export type JudgedConversation<Changes> = {
  record: ConversationRecord;
  taskCheck: TaskCheck | null;
  /** The experiment's own check's verdict; null when it has none, or nothing was judged. */
  customCheck: TaskCheck | null;
  /** Null when the conversation had no workspace. */
  changes: Changes | null;
};

/**
 * Runs the conversation and judges it. A model or tool failure is data in the record; anything that
 * throws (a bug, a workspace that cannot be made) removes the workspace and is thrown on.
 */
export async function runJudgedConversation<Changes>(
  request: JudgedConversationRequest<Changes>,
): Promise<JudgedConversation<Changes>> {
  const { agent, input, run } = request;
  const workspace = await request.openWorkspace();
  // Each conversation's workspace gets its own tool worker: started now, it is ready by the model's first answer.
  if (workspace) run.tools.warm?.(scriptsToWarm(agent, input), workspace.path);
  try {
    if (input.setupCalls?.length) await runSetupCalls(agent, input, run.tools, workspace?.path ?? null, run.signal);
    const record = await runConversation(agent, request.settings, input, {
      ...run,
      workspace: workspace?.path ?? null,
    });
    // Judged before the workspace goes: the check reads what the conversation left in it.
    const checkRequest = {
      agent,
      input,
      record,
      expectation: request.expectation ?? null,
      verdict: request.verdict?.(record) ?? null,
      tools: run.tools,
      workspace: workspace?.path ?? null,
      original: workspace?.original ?? null,
      signal: run.signal,
    };
    let taskCheck = await checkTaskSuccess(checkRequest);
    let customCheck = request.customCheck
      ? await checkWithCustomScript(checkRequest, request.customCheck, CUSTOM_CHECK_LIMITS)
      : null;
    // A check stopped by a cancel judged nothing.
    if (run.signal?.aborted && taskCheck && !taskCheck.success) taskCheck = null;
    if (run.signal?.aborted && customCheck && !customCheck.success) customCheck = null;
    const changes = workspace ? await workspace.finish({ record, taskCheck }) : null;
    return { record, taskCheck, customCheck, changes };
  } catch (error) {
    // The workspace is still removed; its diff is of no use next to a failed conversation.
    if (workspace)
      await workspace
        .discard()
        .catch((cleanupError: unknown) => console.error(`could not remove a workspace: ${errorMessage(cleanupError)}`));
    throw error;
  } finally {
    // Its worker, used or only warmed, serves no one else: stopped now rather than when it idles out.
    if (workspace) await run.tools.release?.(workspace.path);
  }
}

/** The scripts the conversation may run in its workspace: the agent's tools (a case's own have none) and its check. */
function scriptsToWarm(agent: AgentRuntime, input: ConversationInput): string[] {
  const tools = input.tools ? [] : agent.tools;
  const scripts = [...tools.map((tool) => tool.script), agent.taskSuccess?.script ?? null];
  return scripts.filter((script): script is string => script !== null);
}

/** The step's workspace from a provider of temporary workspaces (experiments and the playground). */
export function providerWorkspace(
  provider: WorkspaceProvider | undefined,
  slot: unknown,
  input: ConversationInput,
): () => Promise<JudgedWorkspace<{ diff: string | null; changedFiles: string[] }> | null> {
  return async () => {
    if (!provider) return null;
    const created = await provider.create(slot, input);
    let finished = false;
    const finish = () => {
      finished = true;
      return created.finish();
    };
    return {
      path: created.path,
      original: created.original ?? null,
      finish,
      // A finish that failed part way is not run twice.
      discard: async () => {
        if (!finished) await finish();
      },
    };
  };
}
