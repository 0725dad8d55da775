// OpenAI chat-completions shapes as the runner sends and stores them.

export type JsonSchema = Record<string, unknown>;

export type ToolCall = {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
};

type SystemMessage = { role: 'system'; content: string };
type UserMessage = { role: 'user'; content: string };
export type AssistantMessage = { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] };
type ToolMessage = { role: 'tool'; tool_call_id: string; name: string; content: string };
export type ChatMessage = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

/** A tool as sent in the `tools` request parameter. */
export type ToolSpec = {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema };
};

export type ToolChoice = 'auto' | 'required' | 'none' | { type: 'function'; function: { name: string } };

export type ChatRequest = {
  model: string;
  messages: ChatMessage[];
  tools?: ToolSpec[];
  tool_choice?: ToolChoice;
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
  top_k?: number;
  logprobs?: boolean;
  top_logprobs?: number;
  stream?: boolean;
  /** With `stream`: ask for a last chunk that carries `usage`. */
  stream_options?: { include_usage: boolean };
};

export type Usage = { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
