// Short texts that name an input in a table row: a dataset case by its last user message, code by
// its node name and first line.
import { isRecord } from '../../protocol/records';

const LABEL_LENGTH = 140;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > LABEL_LENGTH ? `${flat.slice(0, LABEL_LENGTH - 1)}…` : flat;
}

/** The text that tells one input from another, as a single short line. */
export function inputLabel(input: unknown): string {
  if (!isRecord(input)) return '(input not stored)';
  const name = typeof input.node_name === 'string' && input.node_name !== '' ? input.node_name : null;
  const text = typeof input.node_text === 'string' ? input.node_text : '';
  if (Array.isArray(input.messages) && text !== '') return shorten(text);
  const file = typeof input.file_path === 'string' && input.file_path !== '' ? input.file_path : null;
  const prefix = [file, name].filter((part) => part !== null).join(' · ');
  return shorten(prefix ? `${prefix}: ${text}` : text) || '(empty input)';
}
