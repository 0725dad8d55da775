// Compares a server's rendering of a conversation with FunctionGemma's native one and says what
// differs in plain words (spec/functiongemma.md): a vLLM server started with the example chat
// template writes the tools as a plain-text list in a user turn and the tool results as user
// turns, with no declaration tokens and no developer role; and the model's own template does not
// add the function-calling line that Google calls required. Pure: no I/O.
import { diffArrays } from 'diff';
import type { ChatMessage, ToolSpec } from '../protocol/messages';
import { FUNCTION_CALLING_LINE, renderPrompt } from '../families/functiongemma/render';
import { END_FUNCTION_CALL, START_FUNCTION_CALL } from '../protocol/functiongemma-tokens';

type FindingSeverity = 'problem' | 'warning' | 'note';

type RenderFinding = {
  code:
    | 'identical'
    | 'identical-to-template'
    | 'whitespace-only'
    | 'example-template'
    | 'tools-missing'
    | 'no-developer-turn'
    | 'tool-results-as-user'
    | 'call-turn-closed'
    | 'calls-differ'
    | 'lower-case-types'
    | 'declarations-differ'
    | 'missing-function-calling-line'
    | 'no-control-tokens'
    | 'bos'
    | 'generation-prompt'
    | 'other-differences';
  severity: FindingSeverity;
  message: string;
};

/** One line of the diff: in both renderings, only in the native one, or only in the server's. */
export type DiffLine = { kind: 'same' | 'native' | 'server'; text: string };

export type RenderComparison = {
  /** The native rendering as renderPrompt writes it (with the function-calling line when tools are given). */
  native: string;
  /** What the model's own template writes (renderPrompt without adding the function-calling line). */
  template: string;
  identical: boolean;
  findings: RenderFinding[];
  diff: DiffLine[];
};

const CONTROL_TOKEN =
  /<(?:bos|start_of_turn|end_of_turn|start_function_declaration|start_function_call|start_function_response|escape)>/;
const EXAMPLE_TEMPLATE_LIST = /Available functions:|\nFunction: [\w.-]+\nDescription:/;
const LOWER_CASE_TYPE = /type:<escape>(?:string|object|number|integer|boolean|array)<escape>/;
const SEGMENT_START =
  /(?=<start_of_turn>|<start_function_declaration>|<start_function_call>|<start_function_response>)/;

/** Lines, also broken before each turn, declaration, call and response, so that long turns diff in readable pieces. */
function segments(text: string): string[] {
  return text.split('\n').flatMap((line) => line.split(SEGMENT_START));
}

export function lineDiff(native: string, server: string): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const change of diffArrays(segments(native), segments(server))) {
    const kind = change.added ? 'server' : change.removed ? 'native' : 'same';
    for (const text of change.value) lines.push({ kind, text });
  }
  return lines;
}

function blocks(text: string, start: string, end: string): string[] {
  const found: string[] = [];
  let from = text.indexOf(start);
  while (from !== -1) {
    const close = text.indexOf(end, from);
    if (close === -1) break;
    found.push(text.slice(from, close + end.length));
    from = text.indexOf(start, close);
  }
  return found;
}

export type CompareInput = { server: string; messages: ChatMessage[]; tools: ToolSpec[] };

type AddFinding = (code: RenderFinding['code'], severity: FindingSeverity, message: string) => void;
type FindingInput = CompareInput & { native: string; add: AddFinding };

/** What differs between the server's rendering and the native one, as findings most serious first, and a line diff. */
export function compareRenderings({ server, messages, tools }: CompareInput): RenderComparison {
  const native = renderPrompt({ messages, tools });
  const template = renderPrompt({ messages, tools }, { functionCallingLine: 'never' });
  const findings: RenderFinding[] = [];
  const add = (code: RenderFinding['code'], severity: FindingSeverity, message: string) =>
    findings.push({ code, severity, message });
  const diff = lineDiff(native, server);

  if (server === native) {
    add('identical', 'note', 'identical to the native rendering');
    return { native, template, identical: true, findings, diff };
  }
  if (server === template) {
    add(
      'identical-to-template',
      'note',
      "identical to the model's own template; the one difference from the native rendering is " +
        'the function-calling line, which the template leaves to the system prompt',
    );
  }

  structureFindings({ server, messages, tools, native, add });
  formatFindings({ server, messages, tools, native, add });
  if (server.replace(/\s+/g, '') === native.replace(/\s+/g, ''))
    add('whitespace-only', 'note', 'the renderings differ only in white space');
  if (findings.length === 0) add('other-differences', 'warning', 'the renderings differ; see the diff');

  const order: Record<FindingSeverity, number> = { problem: 0, warning: 1, note: 2 };
  findings.sort((left, right) => order[left.severity] - order[right.severity]);
  return { native, template, identical: false, findings, diff };
}

/** Whether the server writes the turns, the tools and the tool results in FunctionGemma's structure at all. */
function structureFindings({ server, messages, tools, native, add }: FindingInput): void {
  const hasTools = tools.length > 0;
  const hasToolResults = messages.some((message) => message.role === 'tool');
  const hasCalls = messages.some((message) => message.role === 'assistant' && (message.tool_calls?.length ?? 0) > 0);
  const exampleTemplate = EXAMPLE_TEMPLATE_LIST.test(server);

  if (!CONTROL_TOKEN.test(server)) {
    add(
      'no-control-tokens',
      'problem',
      "the server's text holds none of the model's control tokens: its template does not write FunctionGemma's " +
        'format, or it strips special tokens when it detokenizes (compare the token counts)',
    );
  }
  if (exampleTemplate) {
    add(
      'example-template',
      'problem',
      'this server renders tools as a plain-text list ("Available functions:" with JSON schemas) inside a user turn: ' +
        'it was started with the example template (--chat-template examples/tool_chat_template_functiongemma.jinja). ' +
        'The model was trained on declarations in a developer turn; restart it without --chat-template',
    );
  } else if (hasTools && !server.includes('<start_function_declaration>')) {
    add(
      'tools-missing',
      'problem',
      'the tools do not appear in the prompt: no <start_function_declaration> block and no list of functions; ' +
        "the server's template ignores the tools parameter",
    );
  }
  if (native.includes('<start_of_turn>developer') && !server.includes('<start_of_turn>developer')) {
    const asUser =
      messages[0]?.role === 'system' &&
      messages[0].content.trim() !== '' &&
      server.includes(`<start_of_turn>user\n${messages[0].content.trim()}`);
    add(
      'no-developer-turn',
      'problem',
      `no developer turn: the system prompt${hasTools ? ' and the tool declarations' : ''} ` +
        `are not in a developer turn${asUser ? ' (the system prompt is written as a user turn)' : ''}`,
    );
  }
  if (hasToolResults && !server.includes('<start_function_response>')) {
    add(
      'tool-results-as-user',
      'problem',
      server.includes('Function result for')
        ? 'tool results rendered as user turns ("Function result for NAME: ..."), ' +
            "not as <start_function_response> blocks in the model's turn"
        : "tool results are not written as <start_function_response> blocks in the model's turn",
    );
  }
  if (hasCalls && hasToolResults && /<end_function_call>\s*<end_of_turn>/.test(server)) {
    add(
      'call-turn-closed',
      'problem',
      "each call's model turn is closed before its result: " +
        'the native format keeps the call, its result and the answer in one model turn',
    );
  }
}

/** Whether the calls, declarations, function-calling line, <bos> and generation prompt are written as natively. */
function formatFindings({ server, tools, native, add }: FindingInput): void {
  const hasTools = tools.length > 0;
  const nativeCalls = blocks(native, START_FUNCTION_CALL, END_FUNCTION_CALL);
  if (nativeCalls.some((call) => !server.includes(call))) {
    add(
      'calls-differ',
      'warning',
      'the calls in the history are written differently from the native format ' +
        '(for example numbers escaped as strings, or keys not sorted); see the diff',
    );
  }
  const serverDeclarations = blocks(server, '<start_function_declaration>', '<end_function_declaration>');
  if (serverDeclarations.length > 0) {
    if (serverDeclarations.some((declaration) => LOWER_CASE_TYPE.test(declaration))) {
      add(
        'lower-case-types',
        'problem',
        'the declarations write types in lower case (type:<escape>string<escape>); ' +
          'the native format writes them in upper case (STRING, OBJECT, ...)',
      );
    } else if (
      blocks(native, '<start_function_declaration>', '<end_function_declaration>').some(
        (declaration) => !server.includes(declaration),
      )
    ) {
      add('declarations-differ', 'warning', 'the tool declarations differ from the native ones; see the diff');
    }
  }
  if (hasTools && native.includes(FUNCTION_CALLING_LINE) && !server.includes(FUNCTION_CALLING_LINE)) {
    add(
      'missing-function-calling-line',
      'warning',
      `missing function-calling line: the prompt does not say "${FUNCTION_CALLING_LINE}", ` +
        "which Google describes as required for tool use; the model's own template does not add it, " +
        'so put it in the system prompt',
    );
  }
  if (native.startsWith('<bos>') && !server.startsWith('<bos>')) {
    add(
      'bos',
      'note',
      'the rendered text does not start with <bos> (the server may add it as a token that detokenizing does not show)',
    );
  } else if (server.startsWith('<bos><bos>')) {
    add('bos', 'problem', 'the prompt starts with two <bos> tokens');
  }
  const endsWithGenerationPrompt = (text: string) => /<start_of_turn>model\s*$/.test(text);
  if (endsWithGenerationPrompt(native) !== endsWithGenerationPrompt(server)) {
    add(
      'generation-prompt',
      'warning',
      endsWithGenerationPrompt(native)
        ? 'the prompt does not end with the generation prompt <start_of_turn>model'
        : 'the prompt opens a new model turn ' +
            'where the native format lets the model continue its own turn after a tool result',
    );
  }
}
