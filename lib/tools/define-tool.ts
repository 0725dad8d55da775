// One tool module, two ways to run it: imported by the worker pool (default export) or run as a script (stdin/stdout).
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolContext, ToolOutput } from './protocol';
import { parseToolRequest } from './request-schema';
import { executionFromValue } from './tool-output';

export type ToolHandler = (args: Record<string, unknown>, context: ToolContext) => Promise<ToolOutput> | ToolOutput;

/**
 * Declares a tool. Export the return value as the module's default export:
 * `export default defineTool(import.meta.url, async (args, context) => ({ outcome: 'success', result: ... }))`.
 * When the module is the process's entry script, it also serves the stdin/stdout protocol.
 */
export function defineTool(moduleUrl: string, handler: ToolHandler): ToolHandler {
  if (isEntryScript(moduleUrl)) void serveStandalone(moduleUrl, handler);
  return handler;
}

function isEntryScript(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry || !moduleUrl.startsWith('file:')) return false;
  const modulePath = canonicalPath(fileURLToPath(moduleUrl));
  const entryPath = canonicalPath(path.resolve(entry));
  return entryPath === modulePath || entryPath === withoutExtension(modulePath);
}

function canonicalPath(file: string): string {
  try {
    return realpathSync(file);
  } catch (error) {
    // A path that does not exist (an entry given without its extension) is compared as written.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return file;
    throw error;
  }
}

function withoutExtension(file: string): string {
  return file.slice(0, file.length - path.extname(file).length);
}

async function serveStandalone(moduleUrl: string, handler: ToolHandler): Promise<void> {
  // The protocol owns stdout: whatever the tool writes there (console.log included) goes to stderr instead.
  const writeStdout = process.stdout.write.bind(process.stdout);
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

  const script = fileURLToPath(moduleUrl);
  const output = await readStdin().then(
    (input) => runOnce(script, handler, input),
    (error: unknown): ToolOutput => ({
      outcome: 'error',
      result: null,
      error: `could not read stdin: ${errorText(error)}`,
    }),
  );
  // Exit explicitly so that a handle the tool left open (a timer, a socket) cannot keep the process alive.
  writeStdout(`${JSON.stringify(output)}\n`, () => process.exit(0));
}

async function runOnce(script: string, handler: ToolHandler, input: string): Promise<ToolOutput> {
  const request = parseToolRequest(input);
  if (!request.ok) return { outcome: 'error', result: null, error: request.error };
  let value: unknown;
  try {
    value = await handler(request.request.arguments, request.request.context);
  } catch (error) {
    return { outcome: 'error', result: null, error: errorText(error) };
  }
  const { durationMs, errorKind, ...output } = executionFromValue(script, value, 0);
  void durationMs;
  // An invalid result is reported as a plain error result: the printed line must itself be a valid ToolOutput.
  return errorKind ? { outcome: 'error', result: null, error: output.error } : output;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', reject);
  });
}
