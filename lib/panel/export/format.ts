// How exported rows are written: CSV cells (RFC 4180, and safe to open in a spreadsheet), the
// CSV's columns, and a one-line summary of an input. Pure functions.
import type { ExportConversation } from '../../db/queries/experiment-export';
import type { ConversationInput } from '../../protocol/conversation';

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (it starts with =, +, -, @, a tab
 * or a carriage return) gets a leading apostrophe: model output is untrusted.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export function csvLine(cells: (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function oneLine(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

/** "add (function) in math.py", or the start of the node text, or a dataset case's last user turn. */
export function inputSummary(input: ConversationInput, limit = 120): string {
  const lastUser = [...(input.messages ?? [])].reverse().find((message) => message.role === 'user');
  if (lastUser && typeof lastUser.content === 'string' && lastUser.content.trim() !== '')
    return oneLine(lastUser.content, limit);
  if (input.node_name) {
    const kind = input.node_type ? ` (${input.node_type})` : '';
    const where = input.file_path ? ` in ${input.file_path}` : '';
    return oneLine(`${input.node_name}${kind}${where}`, limit);
  }
  return oneLine(input.node_text ?? '', limit);
}

/** correct | wrong | unscored (the request failed) | empty when nothing was expected. */
export function verdictWord(
  conversation: Pick<ExportConversation, 'expectationKind' | 'verdictScored' | 'callCorrect'>,
): string {
  if (conversation.expectationKind === null) return '';
  if (conversation.verdictScored !== true) return 'unscored';
  return conversation.callCorrect === true ? 'correct' : 'wrong';
}

export const CSV_COLUMNS = [
  'conversation_id',
  'experiment_id',
  'variant',
  'slot',
  'input_index',
  'case_key',
  'input_summary',
  'outcome',
  'model_calls',
  'model_responses',
  'tool_calls',
  'parse_paths',
  'turns',
  'duration_ms',
  'model_latency_ms',
  'error',
  'accuracy_verdict',
  'name_correct',
  'arguments_correct',
  'simulated',
  'labels',
  'note',
] as const;

function rounded(milliseconds: number): number {
  return Math.round(milliseconds * 1000) / 1000;
}

/**
 * A conversation's CSV cells, in CSV_COLUMNS order. Turns are its model responses, as in the
 * summary; `simulated` carries the simulator's mark into the file.
 */
export function csvCells(
  conversation: ExportConversation,
  caseKey: string | null,
  simulated: boolean,
): (string | number | boolean | null)[] {
  return [
    conversation.id,
    conversation.experimentId,
    conversation.variantName,
    conversation.slot,
    conversation.inputIndex,
    caseKey,
    inputSummary(conversation.input),
    conversation.outcome,
    conversation.modelCallCount,
    conversation.modelResponseCount,
    conversation.toolCallCount,
    conversation.parsePaths.map((path) => path ?? 'request_failed').join(' '),
    conversation.modelResponseCount,
    rounded(conversation.durationMs),
    rounded(conversation.modelLatencyMs),
    conversation.error,
    verdictWord(conversation),
    conversation.expectationKind === 'call' && conversation.verdictScored ? conversation.nameCorrect : null,
    conversation.expectationKind === 'call' && conversation.verdictScored ? conversation.argumentsCorrect : null,
    simulated,
    // Labels are short texts without line breaks; "; " keeps them readable in one cell.
    conversation.labels.join('; '),
    conversation.note,
  ];
}
