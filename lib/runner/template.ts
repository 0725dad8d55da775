// The node_context template: `{{ variable }}` placeholders filled from a conversation input.
import type { ConversationInput } from '../protocol/conversation';

export const TEMPLATE_VARIABLES = ['node_text', 'file_path', 'node_name', 'node_type'] as const;
type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

// Anything between double braces is a placeholder, so that a misspelt one (`{{ node-text }}`) is caught, not sent.
const PLACEHOLDER = /\{\{([\s\S]*?)\}\}/g;

function isKnown(name: string): name is TemplateVariable {
  return (TEMPLATE_VARIABLES as readonly string[]).includes(name);
}

/**
 * Placeholders in a template that are not known variables, as written (trimmed), in order of appearance, without
 * repeats.
 */
export function unknownTemplateVariables(template: string): string[] {
  const unknown: string[] = [];
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1].trim();
    if (!isKnown(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

/** Placeholders of any kind in a text. */
export function hasPlaceholders(text: string): boolean {
  return new RegExp(PLACEHOLDER.source).test(text);
}

/** Fills known variables (a missing value renders as empty text); an unknown placeholder is left as written. */
export function renderTemplate(template: string, input: ConversationInput): string {
  return template.replace(PLACEHOLDER, (placeholder, inner: string) => {
    const name = inner.trim();
    if (!isKnown(name)) return placeholder;
    return input[name] ?? '';
  });
}
