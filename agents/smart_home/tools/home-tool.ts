// The one body of every smart-home tool: read this conversation's home, apply the call, report the
// answer and the new home (as knowledge, so that the next tool of the conversation starts from it).
import type { ToolContext, ToolOutput } from '../../../lib/tools/protocol';
import { applyCall, homeFromKnowledge } from '../home';

export function runHomeTool(name: string, args: Record<string, unknown>, context: ToolContext): ToolOutput {
  const answer = applyCall(homeFromKnowledge(context.knowledge), name, args);
  const output: ToolOutput = {
    outcome: answer.outcome,
    result: answer.result,
    summary: answer.summary,
    knowledge_delta: { home: answer.home },
  };
  if (answer.error) output.error = answer.error;
  return output;
}
