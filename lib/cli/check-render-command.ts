// `remora check-render --base-url URL --model NAME [--agent NAME | --input FILE] [--json]`: asks a
// vLLM server how it renders a conversation (/tokenize, /detokenize), prints its rendering beside
// the native one, what differs in plain words, and a line diff. Exit code 0 when nothing is wrong,
// 1 when the server renders something differently in a way that matters, 2 when it cannot check.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CommandOutput } from './io';
import { loadAgent } from '../agents/load';
import { ConfigurationError, errorMessage } from '../errors';
import { parseJson } from '../protocol/json';
import { normalizeMessages, normalizeTools, RenderInput } from '../families/functiongemma/render-input';
import { checkServerRendering, type RenderCheck } from '../serving/render-check';
import type { TemplateChoice } from '../families/chat-template';
import { chosenTemplate, type ChatTemplateOptions } from './chat-template-option';
import { agentConversation, exampleConversation, type CheckConversation } from '../serving/render-check-conversation';
import { plainIssue } from '../protocol/plain-issues';

export type CheckRenderOptions = {
  baseUrl: string;
  model: string;
  agent?: string;
  agentsDir: string;
  input?: string;
  apiKeyEnv?: string;
  json: boolean;
} & ChatTemplateOptions;

function failure(message: string): CommandOutput {
  return { stdout: '', stderr: `remora check-render: ${message}\n`, exitCode: 2 };
}

async function conversationFor(options: CheckRenderOptions): Promise<CheckConversation | string> {
  if (options.agent && options.input) return 'give either --agent or --input, not both';
  if (options.input) {
    let text: string;
    try {
      text = await readFile(options.input, 'utf8');
    } catch (error) {
      return `cannot read ${options.input}: ${errorMessage(error)}`;
    }
    const parsed = parseJson(text);
    if (!parsed.ok) return `${options.input} is not JSON: ${parsed.error}`;
    const input = RenderInput.safeParse(parsed.value);
    if (!input.success) {
      const issues = input.error.issues.map((issue) => `${issue.path.join('.')}: ${plainIssue(issue)}`);
      return `${options.input} is not {"messages": [...], "tools": [...]}: ${issues.join('; ')}`;
    }
    return { messages: normalizeMessages(input.data.messages), tools: normalizeTools(input.data.tools) };
  }
  if (options.agent) {
    try {
      const agent = await loadAgent(path.resolve(options.agentsDir, options.agent));
      return agentConversation(
        agent.toRuntime(),
        agent.inputs[0] ?? {
          node_text: 'def example():\n    return 1',
          file_path: 'example.py',
          node_name: 'example',
          node_type: 'function',
        },
      );
    } catch (error) {
      const problems = ConfigurationError.is(error) ? error.problems.map((problem) => `\n  - ${problem}`).join('') : '';
      return `${errorMessage(error)}${problems}`;
    }
  }
  return exampleConversation();
}

const MARK = { same: '  ', native: '- ', server: '+ ' } as const;

function formatRenderCheck(check: Extract<RenderCheck, { ok: true }>, expected: TemplateChoice | null): string {
  const against = expected ? expected.source : 'the native format';
  const lines = [
    `Rendered-prompt check of ${check.model}: ${check.identical ? 'identical to' : 'differs from'} ${against}`,
    '',
    ...check.findings.map((finding) => `[${finding.severity}] ${finding.message}`),
    '',
    `Server tokens: ${check.serverTokenCount}${check.maxModelLen !== null ? ` of ${check.maxModelLen}` : ''}; ` +
      `native rendering estimated at ${check.nativeTokenEstimate} tokens.`,
    '',
    '=== the server renders ===',
    check.server,
    `=== ${against} ===`,
    check.native,
  ];
  if (!check.identical)
    lines.push(
      `=== diff (- ${expected ? 'template' : 'native'}, + server) ===`,
      ...check.diff.map((line) => `${MARK[line.kind]}${line.text}`),
    );
  return `${lines.join('\n')}\n`;
}

export async function runCheckRenderCommand(options: CheckRenderOptions): Promise<CommandOutput> {
  const conversation = await conversationFor(options);
  if (typeof conversation === 'string') return failure(conversation);
  const apiKey = options.apiKeyEnv ? process.env[options.apiKeyEnv] : undefined;
  if (options.apiKeyEnv && !apiKey) return failure(`the environment variable ${options.apiKeyEnv} is not set`);
  let expected: TemplateChoice | null;
  try {
    expected = await chosenTemplate(options);
  } catch (error) {
    return failure(errorMessage(error));
  }
  let check: RenderCheck;
  try {
    check = await checkServerRendering({
      baseUrl: options.baseUrl,
      model: options.model,
      ...conversation,
      apiKey,
      expected: expected ?? undefined,
    });
  } catch (error) {
    // A chat template that fails on this conversation (its own raise_exception, say).
    return failure(errorMessage(error));
  }
  if (!check.ok) {
    if (options.json) return { stdout: JSON.stringify(check), stderr: '', exitCode: 2 };
    return failure(check.error);
  }
  const problems = check.findings.some((finding) => finding.severity === 'problem');
  return {
    stdout: options.json ? JSON.stringify(check) : formatRenderCheck(check, expected),
    stderr: '',
    exitCode: problems ? 1 : 0,
  };
}
