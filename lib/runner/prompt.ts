import type { ChatMessage, ToolSpec } from '../protocol/messages';
import type { AgentRuntime, RunnerSettings, RunnerTool } from './types';
import type { ConversationInput } from '../protocol/conversation';
import { renderTemplate } from './template';

export function toolSpecs(tools: RunnerTool[]): ToolSpec[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
}

/**
 * The conversation's first messages: the system prompt, then the filled node_context template, or
 * the input's conversation so far (a dataset case) as it was given.
 */
export function initialMessages(
  agent: AgentRuntime,
  settings: RunnerSettings,
  input: ConversationInput,
): ChatMessage[] {
  let system = agent.systemPrompt;
  if (settings.toolPresentation === 'system-prompt') {
    // The old behaviour the seeds describe: schemas pasted into the prompt instead of the tools parameter.
    system += `\n\nYou have access to the following tools:\n${JSON.stringify(toolSpecs(agent.tools), null, 2)}`;
  }
  if (input.messages) return [{ role: 'system', content: system }, ...structuredClone(input.messages)];
  return [
    { role: 'system', content: system },
    { role: 'user', content: renderTemplate(agent.nodeContext, input) },
  ];
}

/** Tools a dataset case declares: sent like the agent's, never executed (they have no script). */
export function caseTools(specs: ToolSpec[]): RunnerTool[] {
  return specs.map((spec) => ({
    name: spec.function.name,
    description: spec.function.description,
    parameters: spec.function.parameters,
    script: null,
    limits: { timeoutMs: 10_000, maxOutputBytes: 256 * 1024 },
  }));
}

/** Accumulated knowledge as the text added to the system message of a request. */
export function knowledgeContext(knowledge: Record<string, unknown>): string | null {
  const keys = Object.keys(knowledge);
  if (keys.length === 0) return null;
  return `\n\n<known_facts>\n${JSON.stringify(knowledge)}\n</known_facts>`;
}

/** What a tool message says to the model: compact JSON, the error first when there is one. */
export function toolMessageContent(output: {
  outcome: string;
  result?: unknown;
  summary?: string;
  error?: string;
}): string {
  if (output.outcome === 'error') return JSON.stringify({ status: 'error', error: output.error ?? 'the tool failed' });
  const content: Record<string, unknown> = { status: output.outcome, result: output.result ?? null };
  if (output.summary) content.summary = output.summary;
  return JSON.stringify(content);
}
