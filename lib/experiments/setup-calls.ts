// Brings a replay's workspace to where the original conversation's was at the turn the replay starts
// from: the kept turns' calls run again, in order, through the same tool executor. Their results
// are not used (the kept history holds the original results, byte for byte); knowledge comes from
// the original's records too.
import type { AgentRuntime } from '../runner/types';
import type { ConversationInput } from '../protocol/conversation';
import type { ToolExecutor } from '../tools/protocol';

export async function runSetupCalls(
  agent: AgentRuntime,
  input: ConversationInput,
  tools: ToolExecutor,
  workspace: string | null,
  signal?: AbortSignal,
): Promise<void> {
  const knowledge: Record<string, unknown> = {};
  for (const call of input.setupCalls ?? []) {
    const tool = agent.tools.find((candidate) => candidate.name === call.name);
    // Built-in and declared-only tools change no file.
    if (!tool?.script) continue;
    const context = {
      workspace,
      filePath: input.file_path ?? null,
      nodeText: input.node_text,
      nodeName: input.node_name ?? null,
      nodeType: input.node_type ?? null,
      settings: agent.settings,
      knowledge: { ...knowledge },
    };
    const output = await tools.execute(tool.script, { arguments: call.arguments, context }, tool.limits, signal);
    if (output.knowledge_delta) Object.assign(knowledge, output.knowledge_delta);
  }
}
