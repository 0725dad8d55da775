// What the engine needs to know of a model family's format to answer a chat completion: which
// calls the request allows, the grammar that constrains them, the prompt, where generation stops,
// and how the output becomes a message. FunctionGemma's (functiongemma-format.ts) and every other
// family's (family-format.ts) are two of these; chat-completion.ts runs either the same way.
import type { LlamaGrammar, Token } from 'node-llama-cpp';
import type { AssistantMessage, ChatRequest, ToolSpec } from '../protocol/messages';
import type { GenerationSettings } from './generate';

/** The request fields the engine reads: the runner's ChatRequest plus what OpenAI clients may add. */
export type EmbeddedChatRequest = ChatRequest & { seed?: number; logprobs?: boolean };

export type Constraint = 'auto' | 'required' | 'named' | 'no_calls';

export type Plan = { constraint: Constraint; grammarTools: ToolSpec[] } | { error: string };

/** A grammar, a reason the request cannot be constrained (the client's fault), or a failure to build one. */
type GrammarOutcome = { grammar: LlamaGrammar | null } | string | { failed: string };

export type ChatFormat = {
  plan(request: EmbeddedChatRequest, tools: ToolSpec[]): Plan;
  grammar(planned: Extract<Plan, { constraint: Constraint }>): Promise<GrammarOutcome>;
  promptTokens(request: EmbeddedChatRequest, tools: ToolSpec[]): Token[];
  stops(
    constraint: Constraint,
  ): Pick<GenerationSettings, 'forbiddenTokens' | 'stopTokens' | 'keepTokens' | 'stopTexts' | 'keepTexts'>;
  read(text: string, makeId: () => string): { message: AssistantMessage; hasCalls: boolean };
};

/**
 * Which tools a tool_choice allows; `callable` says whether the family's syntax can write a name,
 * `who` and `rule` name that syntax in the refusals ("FunctionGemma", "(letters, digits, ...)").
 */
export function planToolChoice(
  request: EmbeddedChatRequest,
  tools: ToolSpec[],
  syntax: { callable(name: string): boolean; who: string; rule: string },
): Plan {
  const callable = syntax.callable;
  const choice = request.tool_choice ?? 'auto';
  if (choice === 'auto') return { constraint: 'auto', grammarTools: [] };
  if (choice === 'none') return { constraint: 'no_calls', grammarTools: [] };
  if (tools.length === 0) return { error: `tool_choice ${JSON.stringify(choice)} needs tools in the request` };
  const allowed = tools.filter((tool) => callable(tool.function.name));
  if (choice === 'required') {
    if (allowed.length === 0) return { error: `no tool has a name ${syntax.who} can call${syntax.rule}` };
    return { constraint: 'required', grammarTools: allowed };
  }
  const name = choice.function.name;
  const tool = tools.find((candidate) => candidate.function.name === name);
  if (!tool)
    return {
      error:
        `tool_choice names "${name}", which is not among the request's tools ` +
        `(${tools.map((entry) => entry.function.name).join(', ')})`,
    };
  if (!callable(name))
    return { error: `the tool name "${name}" cannot be written in ${syntax.who}'s call syntax${syntax.rule}` };
  return { constraint: 'named', grammarTools: [tool] };
}

export function present(tokens: (Token | null)[]): Token[] {
  return tokens.filter((token): token is Token => token !== null);
}
