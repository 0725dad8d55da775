// Which response of a conversation is scored: the FIRST model response, i.e. the call the model
// makes right after the case's conversation so far. Later turns (tool results, a closing text)
// are the agent's own business and are not scored.
import type { ConversationRecord, RunnerTool } from '../runner/types';
import type { ToolSpec } from '../protocol/messages';
import type { Expectation } from '../protocol/expectation';
import { scoreResponse, type ToolSchemas } from './score';
import type { Verdict } from './verdict';

export function scoreConversation(
  record: Pick<ConversationRecord, 'modelCalls'>,
  expectation: Expectation,
  schemas: ToolSchemas,
): Verdict {
  const first = record.modelCalls[0];
  const response = first && first.status === 'ok' ? { calls: first.parsedCalls } : null;
  return scoreResponse(expectation, response, schemas, first?.turn ?? 1);
}

/** Parameter schemas by tool name, from the runner's tools or from tool specs as sent. */
export function toolSchemas(tools: (Pick<RunnerTool, 'name' | 'parameters'> | ToolSpec)[]): ToolSchemas {
  return new Map(
    tools.map((tool) =>
      'function' in tool ? [tool.function.name, tool.function.parameters] : [tool.name, tool.parameters],
    ),
  );
}
