// `--family NAME` and `--chat-template FILE`, shared by `render` and `check-render`: which chat
// template a prompt is rendered with. FunctionGemma without a file keeps its own renderer (checked
// byte for byte against its template and vLLM); any other family, or any file, goes through Jinja.
import { familyByName } from '../families/registry';
import { readChatTemplateFile } from '../serving/chat-template-file';
import type { TemplateChoice } from '../families/chat-template';

export type ChatTemplateOptions = { family?: string; chatTemplate?: string };

/** The Jinja template to render with, or null for FunctionGemma's native renderer. Throws ConfigurationError. */
export async function chosenTemplate(options: ChatTemplateOptions): Promise<TemplateChoice | null> {
  const family = familyByName(options.family ?? 'functiongemma');
  if (options.chatTemplate) {
    const file = await readChatTemplateFile(options.chatTemplate);
    return { family, ...file };
  }
  if (family.chatTemplate === null) return null;
  return { family, template: family.chatTemplate, source: `the ${family.name} family's template` };
}
