// One simulated answer: decides the shape and the call, writes the model's raw output, and turns it
// into what the server (vLLM, or a server without a parser for raw tags) would return.
import type { ChatMessage, ToolSpec } from '../protocol/messages';
import type { SimRequest } from './chat-request';
import type { ScriptStep, SimMode, SimOptions, SimShape } from './options';
import type { Random } from './random';
import { lastUserText, pickTextAnswer, planCall, type PlannedCall } from './model-policy';
import { hasNonStringValue, serveAuto, writeOutput, type ServerAnswer } from './model-output';
import { generateArguments, makeGenerationContext } from './argument-generator';
import { callsFromRequiredArray } from './vllm-tool-parser';
import { toolsFromSystemPrompt } from './system-prompt-tools';
import { extractLikeFamilyParser, writeFamilyCall, type OtherFamily } from './family-output';

export type SimulatedAnswer = ServerAnswer & {
  shape: SimShape;
  mode: SimMode;
  injected: { unknownTool: boolean; invalidArguments: boolean; lossyBareValues: boolean; submitResult: boolean };
};

const NO_INJECTION = { unknownTool: false, invalidArguments: false, lossyBareValues: false, submitResult: false };

/**
 * Without a `tools` parameter the tools (if any) were injected into the system prompt as text, and
 * vLLM runs no tool parser: the old prompts asked for {"name", "arguments"} JSON, so the weight of
 * structured calls and of raw tags goes to that shape, and a cut-off attempt is JSON.
 */
function noToolsWeights(weights: Record<SimShape, number>): Record<SimShape, number> {
  return {
    ...weights,
    tool_calls: 0,
    functiongemma_tags: 0,
    json_name_arguments: weights.json_name_arguments + weights.tool_calls + weights.functiongemma_tags,
  };
}

/** The shapes another family writes in its own syntax: served through its parser, returned raw, or cut off. */
const FAMILY_SHAPES: ReadonlySet<SimShape> = new Set(['tool_calls', 'functiongemma_tags', 'malformed']);

function answerInFamily(family: OtherFamily, shape: SimShape, call: PlannedCall, random: Random): ServerAnswer {
  const whole = writeFamilyCall(family, call.name, call.arguments);
  if (shape === 'malformed') {
    // Cut inside the arguments: the call's start is written, its end never comes.
    const cut = whole.slice(0, random.integer(Math.max(1, whole.indexOf(call.name)), whole.length - 2));
    const { content, calls } = extractLikeFamilyParser(family, cut);
    return { rawOutput: cut, content, calls };
  }
  // `functiongemma_tags` stands for a server without the family's parser: the text comes back as content.
  if (shape === 'functiongemma_tags') return { rawOutput: whole, content: whole, calls: [] };
  const { content, calls } = extractLikeFamilyParser(family, whole);
  return { rawOutput: whole, content, calls };
}

function textAnswer(mode: SimMode, random: Random): SimulatedAnswer {
  const text = pickTextAnswer(random);
  return { rawOutput: text, content: text, calls: [], shape: 'text', mode, injected: NO_INJECTION };
}

function injectedFrom(call: PlannedCall, lossy: boolean) {
  return {
    unknownTool: call.unknownTool,
    invalidArguments: call.invalidArguments,
    lossyBareValues: lossy,
    submitResult: call.submitResult,
  };
}

/** `tool_choice: required`: the model is forced to write a JSON array of {name, parameters}. */
function answerRequired(request: SimRequest, options: SimOptions, random: Random): SimulatedAnswer {
  const call = planCall(request.tools, request.messages, options, random, { constrained: true });
  const entries = [{ name: call.name, parameters: call.arguments }];
  return {
    rawOutput: JSON.stringify(entries),
    content: '',
    calls: callsFromRequiredArray(entries),
    shape: 'tool_calls',
    mode: 'required',
    injected: injectedFrom(call, false),
  };
}

/** A named tool_choice: the model is forced to write that tool's parameters object, returned as is. */
function answerNamed(request: SimRequest, name: string, options: SimOptions, random: Random): SimulatedAnswer {
  const tool = request.tools.find((candidate) => candidate.function.name === name) as ToolSpec;
  const args = generateArguments(
    tool.function.parameters,
    makeGenerationContext(lastUserText(request.messages), random),
  );
  const rawOutput = JSON.stringify(args);
  return {
    rawOutput,
    content: '',
    calls: [{ name, arguments: rawOutput }],
    shape: 'tool_calls',
    mode: 'named',
    injected: { ...NO_INJECTION, submitResult: name === 'submit_result' },
  };
}

/** The script's step for this turn: one per assistant message the conversation already holds. */
function scriptStep(options: SimOptions, messages: ChatMessage[]): ScriptStep | undefined {
  if (!options.script) return undefined;
  return options.script[messages.filter((message) => message.role === 'assistant').length];
}

export function simulateAnswer(request: SimRequest, options: SimOptions, random: Random): SimulatedAnswer {
  const { toolChoice } = request;
  if (toolChoice.kind === 'none') return textAnswer('none', random);
  if (toolChoice.kind === 'required') return answerRequired(request, options, random);
  if (toolChoice.kind === 'named') return answerNamed(request, toolChoice.name, options, random);

  const toolsParameter = request.tools.length > 0;
  const system = request.messages[0]?.role === 'system' ? request.messages[0].content : '';
  const tools = toolsParameter ? request.tools : toolsFromSystemPrompt(system);
  const mode: SimMode = toolsParameter ? 'auto' : 'no_tools';
  if (tools.length === 0) return textAnswer(mode, random);

  const step = toolsParameter ? scriptStep(options, request.messages) : undefined;
  // Drawn even when the script decides, so that a scripted shape leaves the call's draws as they were.
  const drawn = random.weighted(toolsParameter ? options.shapes : noToolsWeights(options.shapes));
  const shape = step?.shape ?? drawn;
  const call = planCall(tools, request.messages, options, random, { constrained: false, scriptedName: step?.tool });
  const bareValues = random.chance(options.lossyBareValuesRate);
  const text = pickTextAnswer(random);
  if (toolsParameter && options.family !== 'functiongemma' && FAMILY_SHAPES.has(shape)) {
    const answer = answerInFamily(options.family, shape, call, random);
    return { ...answer, shape, mode, injected: shape === 'malformed' ? NO_INJECTION : injectedFrom(call, false) };
  }
  const rawOutput = writeOutput(shape, call, { bareValues, allowNative: toolsParameter }, random, text);
  const answer = serveAuto(shape, rawOutput, toolsParameter);
  const carriesCall = shape !== 'text' && shape !== 'empty' && shape !== 'malformed';
  const injected = carriesCall
    ? injectedFrom(call, shape === 'tool_calls' && bareValues && hasNonStringValue(call.arguments))
    : NO_INJECTION;
  return { ...answer, shape, mode, injected };
}
