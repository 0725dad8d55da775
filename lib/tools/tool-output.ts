// Turning what a tool produced (or how it failed) into a ToolExecution, the same way for every way of running it.
import path from 'node:path';
import { z } from 'zod';
import { ToolOutput, type ToolExecution } from './protocol';
import { type ToolErrorKind } from './protocol';
import { parseJson } from '../protocol/json';

/** How a tool is named in error messages: the script's file name, since the executor sees only the script. */
export function toolLabel(script: string): string {
  return path.basename(script);
}

export function failedExecution(kind: ToolErrorKind, error: string, durationMs: number): ToolExecution {
  return { outcome: 'error', result: null, error, errorKind: kind, durationMs };
}

export function timeoutMessage(script: string, timeoutMs: number): string {
  return `tool "${toolLabel(script)}" timed out after ${timeoutMs} ms`;
}

export function tooLargeMessage(script: string, bytes: number | null, maxOutputBytes: number): string {
  const size = bytes === null ? `more than ${maxOutputBytes}` : String(bytes);
  return `tool "${toolLabel(script)}" produced ${size} bytes of output; the limit is ${maxOutputBytes} bytes`;
}

export function cancelledMessage(script: string): string {
  return `tool "${toolLabel(script)}" was cancelled`;
}

/** Checks a parsed value against the ToolOutput schema. */
export function executionFromValue(script: string, value: unknown, durationMs: number): ToolExecution {
  const parsed = ToolOutput.safeParse(value);
  if (!parsed.success) {
    return failedExecution(
      'tool_output_invalid',
      `tool "${toolLabel(script)}" returned something that is not a tool result ` +
        `({result, summary?, knowledge_delta?, outcome, error?}): ${z.prettifyError(parsed.error)}`,
      durationMs,
    );
  }
  return { ...parsed.data, durationMs };
}

/**
 * Reads the JSON text a tool printed. Whole text first; else its last non-empty line, so stray log
 * lines before the result do not lose it.
 */
export function executionFromText(script: string, text: string, durationMs: number, diagnostics = ''): ToolExecution {
  const trimmed = text.trim();
  const suffix = diagnostics ? `; stderr: ${diagnostics}` : '';
  if (trimmed === '') {
    return failedExecution(
      'tool_output_invalid',
      `tool "${toolLabel(script)}" printed nothing on stdout${suffix}`,
      durationMs,
    );
  }
  let json = parseJson(trimmed);
  if (!json.ok) {
    const lines = trimmed.split('\n').filter((line) => line.trim() !== '');
    const lastLine = lines[lines.length - 1];
    if (lines.length > 1) json = parseJson(lastLine);
  }
  if (!json.ok) {
    return failedExecution(
      'tool_output_invalid',
      `tool "${toolLabel(script)}" did not print JSON (${json.error}); it printed: ${preview(trimmed)}${suffix}`,
      durationMs,
    );
  }
  return executionFromValue(script, json.value, durationMs);
}

function preview(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** Keeps the last `limit` characters of a stream, for error messages. */
export class OutputTail {
  private text = '';
  constructor(private readonly limit = 2000) {}
  push(chunk: Buffer | string): void {
    this.text = (this.text + chunk.toString()).slice(-this.limit);
  }
  clear(): void {
    this.text = '';
  }
  toString(): string {
    return this.text.trim();
  }
}
