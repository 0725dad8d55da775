// Any other family's format in the engine: the prompt from the GGUF's own chat template (else the
// family's shipped one), generation until the model's end-of-turn, the output read in the family's
// call syntax, and `required` or a named tool constrained to that syntax: the family's framing
// around a JSON call whose arguments follow the tool's schema (node-llama-cpp's JSON Schema
// grammar). The family's framing tokens are matched by id when the vocabulary has them as one token.
import type { ToolCall, ToolSpec } from '../protocol/messages';
import type { FamilyName } from '../families/family';
import { renderChoice, type TemplateChoice } from '../families/chat-template';
import { errorMessage } from '../errors';
import { literal, RuleSet, tokenReference } from './gbnf';
import { addStringContentRules } from './string-content-grammar';
import { buildPythonicCallGrammar, isPythonCallable } from './pythonic-grammar';
import { singleToken, type LoadedModelBase } from './loaded-model';
import { planToolChoice, present, type ChatFormat } from './chat-format';

type Piece = string | { token: string };
/** The text around one JSON call in each family's syntax (pythonic writes no JSON: pythonic-grammar.ts). */
const FRAMES: Partial<Record<FamilyName, { key: string; before: Piece[]; after: Piece[] }>> = {
  hermes: { key: 'arguments', before: [{ token: '<tool_call>' }, '\n'], after: ['\n', { token: '</tool_call>' }] },
  'llama3-json': { key: 'parameters', before: [], after: [] },
  mistral: { key: 'arguments', before: [{ token: '[TOOL_CALLS]' }, ' ['], after: [']'] },
  granite: { key: 'arguments', before: [{ token: '<|tool_call|>' }, '['], after: [']'] },
  'phi4-mini': { key: 'arguments', before: ['functools['], after: [']'] },
  xlam: { key: 'arguments', before: ['['], after: [']'] },
};

// node-llama-cpp ends its JSON grammar's root with blank lines to stop on; the call is followed by the frame instead.
const JSON_ROOT = /^root ::= (.*) "\\n\\n\\n\\n" \[\\n\]\*$/m;
// Its numbers take exponents up to 16 digits long: 1e999 parses as Infinity (written back as null),
// and an integer with a negative exponent is no integer. Integers get no exponent, numbers a short one.
const EXPONENT = ' ([eE] [-+]? ("0" | [1-9] [0-9]{0,15}))?';

/**
 * node-llama-cpp's JSON Schema grammar, framed as the family frames a call, its numbers ones JSON can
 * hold, and its strings free of the family's control tokens: llama.cpp matches a control token
 * through its text, so `</tool_call>` or `<pad>` could otherwise stand inside an argument.
 */
function framedGrammar(json: string, framed: string, controlTokens: string[]): string | null {
  const root = JSON_ROOT.exec(json);
  if (!root) return null;
  const content = new RuleSet();
  const contentRule = addStringContentRules(content, controlTokens, 'family-str', true);
  const rules = json
    .replace(JSON_ROOT, '')
    .split('\n')
    .map((line) => {
      if (line.startsWith('string-rule ::=')) return `string-rule ::= "\\"" ${contentRule} "\\""`;
      if (line.startsWith('integer-number-rule ::=')) return line.replace(EXPONENT, '');
      return line.replace(EXPONENT, ' ([eE] [-+]? [0-9]{1,2})?');
    });
  const lines = [`root ::= ${framed}`, `call ::= ${root[1]}`, ...rules, content.format()];
  return lines.filter((line) => line.trim() !== '').join('\n');
}

function callSchema(tool: ToolSpec, key: string): object {
  return {
    type: 'object',
    properties: { name: { const: tool.function.name }, [key]: tool.function.parameters },
    required: ['name', key],
  };
}

/** The model's output read in the family's call syntax: its calls, and any text before them as content. */
function readCalls(
  family: LoadedModelBase['family'],
  rawText: string,
  makeId: () => string,
): ReturnType<ChatFormat['read']> {
  const reading = family.read(rawText);
  if (reading.kind !== 'calls' || reading.calls.length === 0)
    return { message: { role: 'assistant', content: rawText.trim() }, hasCalls: false };
  const toolCalls: ToolCall[] = reading.calls.map((call) => ({
    id: makeId(),
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
    },
  }));
  const before = reading.text.trim();
  return {
    message: { role: 'assistant', content: before === '' ? null : before, tool_calls: toolCalls },
    hasCalls: true,
  };
}

/**
 * The format for this model, built once when it loads (model-registry.ts): the family's markers,
 * frame and end-of-turn tokens are looked up in the vocabulary here, not at every request.
 */
export function familyFormat(loaded: LoadedModelBase): ChatFormat {
  const family = loaded.family;
  const tokens = loaded.model.tokens;
  const choice: TemplateChoice = {
    family,
    template: loaded.chatTemplate ?? (family.chatTemplate as string),
    source: loaded.chatTemplate ? `${loaded.name} (tokenizer.chat_template)` : `the ${family.name} family's template`,
    bosToken: tokens.bosString ?? undefined,
    eosToken: tokens.eosString ?? undefined,
  };
  const piece = (part: Piece) => {
    if (typeof part === 'string') return literal(part);
    const id = singleToken(loaded.model, part.token);
    return id === null ? literal(part.token) : tokenReference(id);
  };
  const frame = FRAMES[family.name];
  const framed = frame && [...frame.before.map(piece), 'call', ...frame.after.map(piece)].join(' ');
  const callStart = present(family.markers.map((marker) => singleToken(loaded.model, marker)));
  const stopTokens = present([tokens.eos, tokens.eot, singleToken(loaded.model, family.specialTokens.eos)]);
  const forbiddenInStrings = [...family.controlTokens, family.specialTokens.bos, family.specialTokens.eos].filter(
    (text) => text !== '',
  );

  return {
    plan: (request, tools) =>
      family.name === 'pythonic'
        ? planToolChoice(request, tools, {
            callable: (name) => isPythonCallable(tools.find((tool) => tool.function.name === name) as ToolSpec),
            who: family.name,
            rule: ' (Python identifiers, for the name and every argument)',
          })
        : planToolChoice(request, tools, { callable: (name) => name.trim() !== '', who: family.name, rule: '' }),

    async grammar(planned) {
      if (family.name === 'pythonic') {
        const text = buildPythonicCallGrammar(planned.grammarTools, forbiddenInStrings);
        if (text === null) return { grammar: null };
        return loaded.createGrammar(text).then(
          (grammar) => ({ grammar }),
          (error: unknown) => ({ failed: errorMessage(error) }),
        );
      }
      if (!frame || !framed)
        return `tool_choice ${planned.constraint}: the embedded engine does not constrain ${family.name} calls yet`;
      const calls = planned.grammarTools.map((tool) => callSchema(tool, frame.key));
      try {
        const json = await loaded.jsonSchemaGrammarText(calls.length === 1 ? calls[0] : { oneOf: calls });
        const text = framedGrammar(json, framed, forbiddenInStrings);
        if (text === null) return { failed: 'the JSON Schema grammar has an unexpected shape' };
        return { grammar: await loaded.createGrammar(text) };
      } catch (error) {
        return { failed: errorMessage(error) };
      }
    },

    promptTokens: (request, tools) => loaded.model.tokenize(renderChoice(choice, request.messages, tools, true), true),

    stops: (constraint) => ({
      forbiddenTokens: constraint === 'no_calls' ? callStart : [],
      stopTokens,
      keepTokens: [],
      stopTexts: family.specialTokens.eos ? [family.specialTokens.eos] : [],
      keepTexts: [],
    }),

    read: (rawText, makeId) => readCalls(family, rawText, makeId),
  };
}
