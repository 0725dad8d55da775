// The fixture conversations of template-examples.json rendered with a family's shipped template, as
// the template tests render them: the family's special tokens, and the date the Python references
// were made on (scripts/chat_template_env.py).
import examples from '../fixtures/template-examples.json';
import { renderChatTemplate } from '../chat-template';
import type { ModelFamily } from '../family';
import type { ChatMessage, ToolSpec } from '../../protocol/messages';

export type TemplateExample = (typeof examples.examples)[number];
export const TEMPLATE_EXAMPLES: TemplateExample[] = examples.examples;

const REFERENCE_DATE = new Date(Date.UTC(2024, 6, 26));

export function renderExample(family: ModelFamily, example: TemplateExample): string {
  return renderChatTemplate(family.chatTemplate as string, {
    messages: example.messages as ChatMessage[],
    tools: example.tools as ToolSpec[],
    addGenerationPrompt: example.add_generation_prompt,
    bosToken: family.specialTokens.bos,
    eosToken: family.specialTokens.eos,
    date: REFERENCE_DATE,
  });
}
