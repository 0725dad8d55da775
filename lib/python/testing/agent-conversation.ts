// Test support for the Python agents: one conversation through the real engine (runner, worker
// pool, workspace), with a scripted model whose turns can read what the tools answered.
import { loadAgent, type LoadedAgent } from '../../agents/load';
import { runConversation } from '../../runner/run-conversation';
import { resolveSettings } from '../../runner/settings';
import type { ChatRequest } from '../../protocol/messages';
import type { ConversationRecord } from '../../runner/types';
import { projectRoot } from '../../config';
import type { ConversationInput } from '../../protocol/conversation';
import { ScriptedModelClient, type ScriptedTurn } from '../../testing/scripted-model';
import type { ToolExecutor } from '../../tools/protocol';
import { TemporaryWorkspaces, type WorkspaceChanges } from '../../tools/workspace';
import { checkTaskSuccess } from '../../task-success/check';
import type { TaskCheck } from '../../task-success/types';

/** The project root: default inputs name their files relative to it. */
export const PROJECT_ROOT = projectRoot();

export type AgentRun = {
  agent: LoadedAgent;
  record: ConversationRecord;
  changes: WorkspaceChanges;
  client: ScriptedModelClient;
  workspace: string;
  /** The task-success verdict, judged as an experiment judges it (before the workspace is removed). */
  taskCheck: TaskCheck | null;
};

export async function runAgentConversation(options: {
  agentFolder: string;
  input: ConversationInput;
  turns: ScriptedTurn[];
  tools: ToolExecutor;
  /** Called with the workspace before the conversation starts (to plant files in it). */
  prepare?(workspace: string): Promise<void>;
}): Promise<AgentRun> {
  const agent = await loadAgent(options.agentFolder);
  const provider = new TemporaryWorkspaces({ root: PROJECT_ROOT });
  const workspace = await provider.create(
    { variantIndex: 0, slot: 0, inputIndex: 0, variantName: 'test' },
    options.input,
  );
  try {
    await options.prepare?.(workspace.path);
    const client = new ScriptedModelClient(options.turns);
    const runtime = agent.toRuntime();
    const record = await runConversation(runtime, resolveSettings({ model: 'functiongemma' }), options.input, {
      client,
      tools: options.tools,
      workspace: workspace.path,
    });
    const taskCheck = await checkTaskSuccess({
      agent: runtime,
      input: options.input,
      record,
      expectation: null,
      tools: options.tools,
      workspace: workspace.path,
      original: workspace.original,
    });
    const changes = await workspace.finish();
    return { agent, record, changes, client, workspace: workspace.path, taskCheck };
  } finally {
    await provider.cleanup();
  }
}

/**
 * The result of the latest tool message the model has seen, parsed (`{status, result, summary}` or `{status, error}`).
 */
export function lastToolResult(request: ChatRequest): {
  status: string;
  result?: unknown;
  error?: string;
  summary?: string;
} {
  const message = [...request.messages].reverse().find((candidate) => candidate.role === 'tool');
  if (!message || typeof message.content !== 'string') throw new Error('no tool message yet');
  return JSON.parse(message.content) as { status: string; result?: unknown; error?: string };
}
