// The exact prompt the model would receive for the first turn of a conversation: the runner's own
// first messages (prompt.ts) for a sample input, rendered in FunctionGemma's native format or
// through another family's chat template (lib/families/chat-template.ts).
import { checkAgent } from '../../agents/validate';
import { toLoadedAgent } from '../../agents/load';
import { InputError } from '../../errors';
import { countTokensEstimate, renderPrompt } from '../../families/functiongemma/render';
import { renderChoice } from '../../families/chat-template';
import type { FamilyName } from '../../families/family';
import { FAMILIES } from '../../families/registry';
import type { ChatMessage } from '../../protocol/messages';
import { initialMessages, toolSpecs } from '../../runner/prompt';
import { resolveSettings } from '../../runner/settings';
import type { ConversationInput } from '../../protocol/conversation';
import { agentFolder, definitionWithPrompt, requireAgent } from './editing';
import { splitControlTokens, type PromptSegment } from './prompt-segments';
import type { PreviewRequest } from './requests';
import { readInputs } from './agents';
import type { PanelContext } from '../context';

export type PromptPreview = {
  /** The family whose format the prompt is in. */
  family: FamilyName;
  /** The rendered prompt, cut into text and control tokens (join the texts for the whole prompt). */
  segments: PromptSegment[];
  /** Rough: control tokens count 1, other text about 4 characters a token (no tokenizer ships here). */
  tokenEstimate: number;
  characters: number;
  /** The messages the runner would send (what an OpenAI-compatible server receives). */
  messages: ChatMessage[];
  toolsSent: number;
  /** Which input was used: one of the agent's (its position), or the typed one. */
  input: { source: 'agent'; index: number } | { source: 'typed' } | { source: 'empty' };
};

export async function previewPrompt(
  context: PanelContext,
  agentName: string,
  request: PreviewRequest,
): Promise<PromptPreview> {
  const row = requireAgent(context, agentName);
  const folder = agentFolder(context, row);
  const { definition, report } = checkAgent(definitionWithPrompt(row.definition, request), folder);
  // Problems such as a missing script do not change the prompt; only a definition that does not
  // have the shape of one cannot be rendered.
  if (!definition)
    throw new InputError('the agent definition cannot be read, so its prompt cannot be rendered', report.errors);
  const runtime = toLoadedAgent(definition, folder).toRuntime();

  let input: ConversationInput;
  let source: PromptPreview['input'];
  if (request.input) {
    input = request.input;
    source = { source: 'typed' };
  } else {
    const inputs = await readInputs(definition, folder);
    if (!inputs.ok)
      throw new InputError('the agent’s inputs cannot be read; type a sample input instead', [inputs.problem]);
    const index = request.inputIndex ?? 0;
    if (index >= inputs.inputs.length && request.inputIndex !== undefined) {
      throw new InputError('no such input', [`inputIndex: the agent has ${inputs.inputs.length} input(s)`]);
    }
    input = inputs.inputs[index] ?? { node_text: '' };
    source = inputs.inputs[index] ? { source: 'agent', index } : { source: 'empty' };
  }

  const settings = resolveSettings({ model: runtime.model ?? 'preview', toolPresentation: request.toolPresentation });
  const messages = initialMessages(runtime, settings, input);
  const tools = settings.toolPresentation === 'native' ? toolSpecs(runtime.tools) : [];
  const family = FAMILIES[request.family];
  const prompt =
    family.chatTemplate === null
      ? renderPrompt({ messages, tools })
      : renderChoice({ family, template: family.chatTemplate, source: family.name }, messages, tools, true);
  return {
    family: family.name,
    segments: splitControlTokens(prompt, family),
    tokenEstimate: countTokensEstimate(prompt),
    characters: prompt.length,
    messages,
    toolsSent: tools.length,
    input: source,
  };
}
