import type { ChatMessage } from '../protocol/messages';
import type { RunnerSettings } from './types';

/**
 * Chooses which stored messages a request sends, as positions into the conversation.
 * `initial-only` reproduces the seed bug (only system and first user). `full` sends everything,
 * trimmed only past the budget: the system message and the first user message always stay, the
 * oldest turns go first, and an assistant message with tool_calls is never separated from its results.
 */
export function selectMessagePositions(
  messages: ChatMessage[],
  settings: Pick<RunnerSettings, 'historyMode' | 'historyBudget'>,
): number[] {
  const head = Math.min(2, messages.length);
  if (settings.historyMode === 'initial-only') return range(0, head);
  const { maxMessages, maxTokens } = settings.historyBudget;
  const all = range(0, messages.length);
  if (maxMessages === null && maxTokens === null) return all;

  const units = groupUnits(messages, head);
  const kept = [...units];
  const fits = () => withinBudget(messages, head, kept, maxMessages, maxTokens);
  // The newest unit always stays, even over budget: without it the model has nothing to answer.
  while (kept.length > 1 && !fits()) kept.shift();
  return [...range(0, head), ...kept.flat()];
}

/** Splits the messages after the head into units: an assistant with its tool results, or a lone message. */
function groupUnits(messages: ChatMessage[], head: number): number[][] {
  const units: number[][] = [];
  for (let position = head; position < messages.length; position++) {
    const message = messages[position];
    const previous = units[units.length - 1];
    if (message.role === 'tool' && previous && isToolUnit(messages, previous)) previous.push(position);
    else units.push([position]);
  }
  return units;
}

function isToolUnit(messages: ChatMessage[], unit: number[]): boolean {
  const first = messages[unit[0]];
  return first.role === 'assistant' && (first.tool_calls?.length ?? 0) > 0;
}

function withinBudget(
  messages: ChatMessage[],
  head: number,
  units: number[][],
  maxMessages: number | null,
  maxTokens: number | null,
): boolean {
  const count = head + units.reduce((sum, unit) => sum + unit.length, 0);
  if (maxMessages !== null && count > maxMessages) return false;
  if (maxTokens === null) return true;
  let tokens = 0;
  for (let position = 0; position < head; position++) tokens += estimateMessageTokens(messages[position]);
  for (const unit of units) for (const position of unit) tokens += estimateMessageTokens(messages[position]);
  return tokens <= maxTokens;
}

/** A rough count (about four characters a token) that is enough to keep a request under a budget. */
function estimateMessageTokens(message: ChatMessage): number {
  let characters = message.content?.length ?? 0;
  if (message.role === 'assistant' && message.tool_calls) {
    for (const call of message.tool_calls) characters += call.function.name.length + call.function.arguments.length;
  }
  return 4 + Math.ceil(characters / 4);
}

function range(start: number, end: number): number[] {
  const values: number[] = [];
  for (let index = start; index < end; index++) values.push(index);
  return values;
}
