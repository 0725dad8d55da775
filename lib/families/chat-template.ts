// Renders a prompt from a model's own Jinja chat template with a real Jinja engine
// (@huggingface/jinja, the one node-llama-cpp uses), given the messages as vLLM hands them to a
// template: tool-call arguments parsed from their JSON string into an object, because templates
// write them with `arguments | tojson` or iterate `arguments | items` (vLLM's _postprocess_messages
// does the same). The context holds what transformers' apply_chat_template gives a template.
import { Template } from '@huggingface/jinja';
import type { ChatMessage, ToolSpec } from '../protocol/messages';
import type { ModelFamily } from './family';

export type ChatTemplateInput = {
  messages: ChatMessage[];
  tools?: ToolSpec[];
  addGenerationPrompt: boolean;
  /** The model's special tokens, from the GGUF or tokenizer_config.json when known. */
  bosToken?: string;
  eosToken?: string;
  /**
   * The date Llama's templates print (`date_string`, which they prefer to `strftime_now`); today in
   * UTC unless given, so an export can be made again byte for byte.
   */
  date?: Date;
};

/** A template that does not parse or that fails while rendering (its own `raise_exception` included). */
export class ChatTemplateError extends Error {
  override name = 'ChatTemplateError';
}

type TemplateCall = { id: string; type: 'function'; function: { name: string; arguments: unknown } };

function parsedArguments(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A call the model wrote badly stays as its text: the template shows what was sent.
    return text;
  }
}

/** One message as a template reads it: no key that is absent in OpenAI's shape, arguments as an object. */
function templateMessage(message: ChatMessage): Record<string, unknown> {
  if (message.role !== 'assistant') return { ...message };
  const shaped: Record<string, unknown> = { role: 'assistant', content: message.content ?? '' };
  if (message.tool_calls && message.tool_calls.length > 0) {
    shaped.tool_calls = message.tool_calls.map((call): TemplateCall => ({
      id: call.id,
      type: 'function',
      function: { name: call.function.name, arguments: parsedArguments(call.function.arguments) },
    }));
  }
  return shaped;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "26 Jul 2024": the form Llama's templates print, in UTC. */
function dateString(date: Date): string {
  return `${String(date.getUTCDate()).padStart(2, '0')} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

const parsedTemplates = new Map<string, Template>();

function compiled(source: string): Template {
  let template = parsedTemplates.get(source);
  if (!template) {
    try {
      template = new Template(source);
    } catch (error) {
      throw new ChatTemplateError(`the chat template does not parse: ${(error as Error).message}`);
    }
    if (parsedTemplates.size > 32) parsedTemplates.clear();
    parsedTemplates.set(source, template);
  }
  return template;
}

/** The prompt `source` writes for the conversation; throws ChatTemplateError naming the template's complaint. */
export function renderChatTemplate(source: string, input: ChatTemplateInput): string {
  const template = compiled(source);
  const date = input.date ?? new Date();
  const context: Record<string, unknown> = {
    messages: input.messages.map(templateMessage),
    add_generation_prompt: input.addGenerationPrompt,
    bos_token: input.bosToken ?? '',
    eos_token: input.eosToken ?? '',
    date_string: dateString(date),
  };
  // Templates test `tools is defined` or `tools` to choose between a tool prompt and a plain one.
  if (input.tools && input.tools.length > 0) context.tools = input.tools;
  try {
    return template.render(context);
  } catch (error) {
    throw new ChatTemplateError(`the chat template failed while rendering: ${(error as Error).message}`);
  }
}

/**
 * A Jinja chat template chosen for a family: its shipped one or the model's own (a GGUF,
 * tokenizer_config.json or Jinja file).
 */
export type TemplateChoice = {
  family: ModelFamily;
  template: string;
  bosToken?: string;
  eosToken?: string;
  /** Named in messages: "the hermes family's template", "tokenizer_config.json (chat_template)". */
  source: string;
};

/** What the chosen template writes for the conversation, the family's tokens filling in for unknown ones. */
export function renderChoice(
  choice: TemplateChoice,
  messages: ChatMessage[],
  tools: ToolSpec[],
  addGenerationPrompt: boolean,
): string {
  return renderChatTemplate(choice.template, {
    messages,
    tools,
    addGenerationPrompt,
    bosToken: choice.bosToken ?? choice.family.specialTokens.bos,
    eosToken: choice.eosToken ?? choice.family.specialTokens.eos,
  });
}
