// `remora render`: reads {"messages": [...], "tools": [...]} on stdin and prints the prompt in
// FunctionGemma's native format, or through a Jinja chat template: another family's (`--family`) or the
// model's own (`--chat-template` a .gguf, tokenizer_config.json or Jinja file). The generation prompt (the
// opening of the model's turn, or `<start_function_response>` after a call) is added when the last message is
// not the model's; `--generation-prompt` / `--no-generation-prompt` decide explicitly, then the input's own
// "add_generation_prompt".
import type { CommandOutput } from './io';
import { parseJson } from '../protocol/json';
import { normalizeMessages, normalizeTools, RenderInput } from '../families/functiongemma/render-input';
import { countTokensEstimate, renderPrompt } from '../families/functiongemma/render';
import { plainIssue } from '../protocol/plain-issues';
import { errorMessage } from '../errors';
import { renderChoice, type TemplateChoice } from '../families/chat-template';
import { chosenTemplate, type ChatTemplateOptions } from './chat-template-option';

const USAGE = 'expected JSON on stdin: {"messages": [{"role": "user", "content": "..."}, ...], "tools": [...]}';

function failure(message: string): CommandOutput {
  return { stdout: '', stderr: `remora render: ${message}\n`, exitCode: 2 };
}

export type RenderCommandOptions = {
  generationPrompt?: boolean;
  /** A Jinja chat template (another family's, or the model's own); FunctionGemma's renderer without one. */
  template?: TemplateChoice | null;
};

export function runRenderCommand(stdinText: string, options: RenderCommandOptions = {}): CommandOutput {
  if (stdinText.trim() === '') return failure(`no input; ${USAGE}`);
  const parsed = parseJson(stdinText);
  if (!parsed.ok) return failure(`the input is not valid JSON (${parsed.error}); ${USAGE}`);
  const input = RenderInput.safeParse(parsed.value);
  if (!input.success) {
    const problems = input.error.issues.map(
      (issue) => `  ${issue.path.length > 0 ? issue.path.join('.') : '(input)'}: ${plainIssue(issue)}`,
    );
    return failure(`the input does not have the expected shape:\n${problems.join('\n')}\n${USAGE}`);
  }
  const messages = normalizeMessages(input.data.messages);
  const modelSpokeLast = messages.at(-1)?.role === 'assistant';
  const tools = normalizeTools(input.data.tools);
  const addGenerationPrompt = options.generationPrompt ?? input.data.add_generation_prompt ?? !modelSpokeLast;
  const template = options.template;
  let prompt: string;
  try {
    prompt = template
      ? renderChoice(template, messages, tools, addGenerationPrompt)
      : renderPrompt({ messages, tools }, { addGenerationPrompt });
  } catch (error) {
    return failure(`${template?.source ?? 'the template'}: ${errorMessage(error)}`);
  }
  return {
    stdout: prompt,
    stderr:
      `estimated tokens: ${countTokensEstimate(prompt)} ` +
      '(rough: control tokens 1 each, other text about 4 characters a token)\n',
    exitCode: 0,
  };
}

/** `remora render` with `--family` / `--chat-template` resolved first (a file is read, a GGUF opened). */
export async function runRenderCommandWithTemplate(
  stdinText: string,
  options: { generationPrompt?: boolean } & ChatTemplateOptions,
): Promise<CommandOutput> {
  let template: TemplateChoice | null;
  try {
    template = await chosenTemplate(options);
  } catch (error) {
    return failure(errorMessage(error));
  }
  return runRenderCommand(stdinText, { generationPrompt: options.generationPrompt, template });
}
