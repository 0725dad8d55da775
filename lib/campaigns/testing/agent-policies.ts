// Scripted models that make sensible calls for the lint, docstring and test agents, deciding from
// the conversation so far (so that many conversations can share one server at once). Used by the
// end-to-end tests and the bench: a real model's quality is not what they measure.
import type { ChatRequest } from '../../protocol/messages';
import { startScriptedServer, toolCallMessage, type ScriptedServer } from '../../python/testing/scripted-server';

type LastTool = { name: string; content: { status?: string; result?: Record<string, unknown>; error?: string } } | null;

function lastTool(request: ChatRequest): LastTool {
  const message = [...request.messages].reverse().find((candidate) => candidate.role === 'tool');
  if (!message || typeof message.content !== 'string') return null;
  return { name: message.name ?? '', content: JSON.parse(message.content) as NonNullable<LastTool>['content'] };
}

function userText(request: ChatRequest): string {
  const message = request.messages.find((candidate) => candidate.role === 'user');
  return typeof message?.content === 'string' ? message.content : '';
}

function attempts(request: ChatRequest, tool: string): number {
  return request.messages.filter((message) => message.role === 'tool' && message.name === tool).length;
}

/**
 * run_linter with fixes, then submit the counts. A failed call is tried again (twice at most), as a
 * sensible model would: a tool's first call in a fresh worker can time out on a loaded machine.
 */
export function lintPolicy(request: ChatRequest): Record<string, unknown> {
  const last = lastTool(request);
  if (!last || (last.content.status === 'error' && attempts(request, 'run_linter') < 3))
    return toolCallMessage('run_linter', { check_only: false });
  const result = last.content.result ?? {};
  return toolCallMessage('submit_result', {
    summary: 'applied ruff fixes',
    issues_fixed: Number(result.fixed ?? 0),
    issues_remaining: Number(result.total ?? 0),
  });
}

type Hints = { parameters?: { name: string }[]; return_type?: string | null };

/** "Document NAME." with an Args section for the parameters and a Returns section for a typed result. */
function docstringFor(name: string, hints: Hints): string {
  const parameters = (hints.parameters ?? [])
    .map((parameter) => parameter.name.replace(/^\*+/, ''))
    .filter((parameter) => parameter !== 'self' && parameter !== 'cls');
  let text = `Document ${name}.`;
  if (parameters.length > 0)
    text += `\n\nArgs:\n${parameters.map((parameter) => `    ${parameter}: The ${parameter}.`).join('\n')}`;
  if (hints.return_type && hints.return_type !== 'None') text += '\n\nReturns:\n    The result.';
  return text;
}

/** read_type_hints, write a google-style docstring naming the node and its parameters, submit. */
export function docstringPolicy(request: ChatRequest): Record<string, unknown> {
  const last = lastTool(request);
  const node = /Node: (\S+) \((\w+)\)/.exec(userText(request));
  const name = node?.[1]?.split('.').pop() ?? 'this node';
  if (!last) return toolCallMessage('read_type_hints', {});
  const hintsMessage = request.messages.find(
    (message) => message.role === 'tool' && message.name === 'read_type_hints',
  );
  const hints =
    typeof hintsMessage?.content === 'string'
      ? ((JSON.parse(hintsMessage.content) as { result?: Hints }).result ?? {})
      : {};
  const retry = last.content.status === 'error' && attempts(request, last.name) < 3;
  if (last.name === 'read_type_hints' || (retry && last.name === 'write_docstring'))
    return toolCallMessage('write_docstring', { docstring: docstringFor(name, hints), style: 'google' });
  return toolCallMessage('submit_result', { summary: `documented ${name}` });
}

/**
 * analyze_signature, then a test importing the node the way the analysis says, asserting
 * `expected(name)` (a Python expression the caller knows holds), run_tests, submit.
 */
export function testPolicy(expected: (name: string) => string): (request: ChatRequest) => Record<string, unknown> {
  return (request) => {
    const last = lastTool(request);
    if (!last) return toolCallMessage('analyze_signature', {});
    if (last.name === 'analyze_signature') {
      const result = last.content.result as {
        import_statement: string;
        signature: { name: string };
        construction?: { call: string };
      };
      const name = result.signature.name;
      // A method is called on an instance built as analyze_signature says (its class's constructor).
      const build = result.construction ? `    instance = ${result.construction.call}\n` : '';
      const callee = result.construction ? `instance.${name}` : name;
      return toolCallMessage('write_test_file', {
        content: `${result.import_statement}\n\n\ndef test_${name}():\n${build}    assert ${expected(callee)}\n`,
      });
    }
    if (last.name === 'write_test_file') return toolCallMessage('run_tests', {});
    return toolCallMessage('submit_result', { summary: 'tests written', tests_generated: 1, tests_passing: 1 });
  };
}

export function startPolicyServer(
  policy: (request: ChatRequest) => Record<string, unknown>,
  options: { delayMs?: number } = {},
): Promise<ScriptedServer> {
  return startScriptedServer((request) => policy(request), options);
}
