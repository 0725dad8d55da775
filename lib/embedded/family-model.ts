// Which family's format the engine speaks with a loaded model: FunctionGemma when the vocabulary has
// its control tokens, else the one the settings name, else the family whose call markers the GGUF's
// own chat template writes (Qwen's template writes `<tool_call>`, Mistral's `[TOOL_CALLS]`).
import type { LlamaModel } from 'node-llama-cpp';
import type { FamilyName, ModelFamily } from '../families/family';
import { FAMILIES, familyOfTemplate } from '../families/registry';
import { isRecord } from '../protocol/records';

function ggufChatTemplate(model: LlamaModel): string | null {
  const metadata = model.fileInfo.metadata as unknown as Record<string, unknown>;
  const tokenizer = isRecord(metadata.tokenizer) ? metadata.tokenizer : {};
  return typeof tokenizer.chat_template === 'string' && tokenizer.chat_template.trim() !== ''
    ? tokenizer.chat_template
    : null;
}

export function modelFamily(
  model: LlamaModel,
  hasFunctionGemmaTokens: boolean,
  named: FamilyName | undefined,
): { family: ModelFamily; chatTemplate: string | null } {
  const chatTemplate = ggufChatTemplate(model);
  if (named) return { family: FAMILIES[named], chatTemplate };
  if (hasFunctionGemmaTokens || chatTemplate === null) return { family: FAMILIES.functiongemma, chatTemplate };
  return { family: familyOfTemplate(chatTemplate) ?? FAMILIES.functiongemma, chatTemplate };
}
