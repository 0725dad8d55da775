// Compares a server's rendering with what a chat template writes for the same conversation: the
// family's shipped template or the model's own (a GGUF, tokenizer_config.json or Jinja file). Any
// family; FunctionGemma's native format keeps its own, finer comparison (render-compare.ts).
import { renderChoice, type TemplateChoice } from '../families/chat-template';
import type { ChatMessage, ToolSpec } from '../protocol/messages';
import { lineDiff, type RenderComparison } from './render-compare';

type Finding = RenderComparison['findings'][number];

export function compareWithTemplate(
  server: string,
  messages: ChatMessage[],
  tools: ToolSpec[],
  expected: TemplateChoice,
): RenderComparison {
  const rendered = renderChoice(expected, messages, tools, true);
  const findings: Finding[] = [];
  const add = (code: Finding['code'], severity: Finding['severity'], message: string) =>
    findings.push({ code, severity, message });
  if (server === rendered) {
    add('identical', 'note', `identical to ${expected.source}`);
    return { native: rendered, template: rendered, identical: true, findings, diff: [] };
  }
  const missingTools = tools.filter((tool) => !server.includes(tool.function.name));
  if (missingTools.length > 0)
    add(
      'tools-missing',
      'problem',
      `the server's prompt does not name ${missingTools.map((tool) => tool.function.name).join(', ')}: ` +
        'its template ignores the tools parameter, so the model cannot know them',
    );
  if (!expected.family.controlTokens.some((token) => server.includes(token)))
    add(
      'no-control-tokens',
      'problem',
      `the server's prompt holds none of the ${expected.family.name} family's control tokens ` +
        `(${expected.family.controlTokens.join(' ')}): it serves another family or another template`,
    );
  if (server.replace(/\s+/g, '') === rendered.replace(/\s+/g, ''))
    add('whitespace-only', 'warning', `differs from ${expected.source} in white space only`);
  else if (findings.length === 0) add('other-differences', 'problem', `differs from ${expected.source}; see the diff`);
  return { native: rendered, template: rendered, identical: false, findings, diff: lineDiff(rendered, server) };
}
