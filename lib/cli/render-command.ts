// `remora render`: reads {"messages": [...], "tools": [...]} on stdin and prints the prompt in
// FunctionGemma's native format. The generation prompt (the opening of the model's turn, or
// `<start_function_response>` after a call) is added when the last message is not the model's;
// `--generation-prompt` / `--no-generation-prompt` decide explicitly, then the input's own
// "add_generation_prompt".
import type { CommandOutput } from './io';
import { parseJson } from '../protocol/json';
import { normalizeMessages, normalizeTools, RenderInput } from '../families/functiongemma/render-input';
import { countTokensEstimate, renderPrompt } from '../families/functiongemma/render';
import { plainIssue } from '../protocol/plain-issues';

const USAGE = 'expected JSON on stdin: {"messages": [{"role": "user", "content": "..."}, ...], "tools": [...]}';

function failure(message: string): CommandOutput {
  return { stdout: '', stderr: `remora render: ${message}\n`, exitCode: 2 };
}

export type RenderCommandOptions = { generationPrompt?: boolean };

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
  const prompt = renderPrompt(
    { messages, tools: normalizeTools(input.data.tools) },
    { addGenerationPrompt: options.generationPrompt ?? input.data.add_generation_prompt ?? !modelSpokeLast },
  );
  return {
    stdout: prompt,
    stderr:
      `estimated tokens: ${countTokensEstimate(prompt)} ` +
      '(rough: control tokens 1 each, other text about 4 characters a token)\n',
    exitCode: 0,
  };
}
