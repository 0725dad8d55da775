// What the simulated model decides to do: which tool it calls and with which arguments, and the
// mistakes it makes on purpose at the configured rates.
import type { ChatMessage, ToolSpec } from '../protocol/messages';
import { SUBMIT_RESULT } from '../protocol/conversation';
import type { SimOptions } from './options';
import type { Random } from './random';
import { breakArguments, generateArguments, makeGenerationContext } from './argument-generator';

export type PlannedCall = {
  name: string;
  arguments: Record<string, unknown>;
  unknownTool: boolean;
  invalidArguments: boolean;
  submitResult: boolean;
};

const INVENTED_NAMES = ['run_command', 'search_code', 'open_file', 'execute_python', 'get_info', 'finish'];

/** Plain answers: no braces, brackets, tags or `call:`, so no client can read a call into them. */
const TEXT_ANSWERS = [
  'I looked at the code and there is nothing more to do.',
  'The task is complete.',
  'I cannot find enough information to continue.',
  'I would update the documentation and keep the behaviour as it is.',
  'I need more details before I can help with this.',
];

export function lastUserText(messages: ChatMessage[]): string {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message.role === 'user') return message.content;
  }
  return '';
}

export function pickTextAnswer(random: Random): string {
  return random.pick(TEXT_ANSWERS);
}

function inventName(realName: string, tools: ToolSpec[], random: Random): string {
  const taken = new Set(tools.map((tool) => tool.function.name));
  const candidates = [`${realName}_v2`, `${realName}s`, ...INVENTED_NAMES].filter((name) => !taken.has(name));
  return random.pick(candidates.length > 0 ? candidates : [`${realName}_${random.hex(4)}`]);
}

function chooseTool(tools: ToolSpec[], messages: ChatMessage[], options: SimOptions, random: Random): ToolSpec {
  const submit = tools.find((tool) => tool.function.name === SUBMIT_RESULT);
  const others = tools.filter((tool) => tool.function.name !== SUBMIT_RESULT);
  const holdsToolResult = messages.some((message) => message.role === 'tool');
  // Drawn every time, so that one setting does not shift every later draw of the stream.
  const wantsSubmit = random.chance(options.submitAfterToolResultRate);
  if (submit && (others.length === 0 || (holdsToolResult && wantsSubmit))) return submit;
  return random.pick(others);
}

/**
 * Plans one call: the forced tool, else the script's (`scriptedName`, when offered), else a drawn
 * one. With `constrained` (structured outputs: required or a named tool) the server's grammar forces
 * a real tool name and schema-shaped arguments, so no mistake is injected.
 */
export function planCall(
  tools: ToolSpec[],
  messages: ChatMessage[],
  options: SimOptions,
  random: Random,
  constraint: { forcedName?: string; constrained: boolean; scriptedName?: string },
): PlannedCall {
  const scripted = tools.find((candidate) => candidate.function.name === constraint.scriptedName);
  const tool = constraint.forcedName
    ? (tools.find((candidate) => candidate.function.name === constraint.forcedName) ?? tools[0])
    : (scripted ?? chooseTool(tools, messages, options, random));
  const context = makeGenerationContext(lastUserText(messages), random);
  const args = generateArguments(tool.function.parameters, context);
  const wantsUnknown = random.chance(options.unknownToolRate);
  const wantsInvalid = random.chance(options.invalidArgumentsRate);
  const unknownTool = !constraint.constrained && wantsUnknown;
  const invalidArguments =
    !constraint.constrained && wantsInvalid && breakArguments(tool.function.parameters, args, random);
  return {
    name: unknownTool ? inventName(tool.function.name, tools, random) : tool.function.name,
    arguments: args,
    unknownTool,
    invalidArguments,
    submitResult: !unknownTool && tool.function.name === SUBMIT_RESULT,
  };
}
