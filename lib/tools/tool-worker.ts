// A reusable tool process: imports tool modules once and runs one call at a time for the worker pool.
// It imports only node built-ins so that a fresh worker starts fast.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RunMessage, WorkerMessage } from './worker-messages';

type Handler = (args: Record<string, unknown>, context: unknown) => unknown;

const handlers = new Map<string, Promise<Handler>>();

function send(message: WorkerMessage): void {
  process.send?.(message);
}

function loadHandler(script: string): Promise<Handler> {
  let handler = handlers.get(script);
  if (!handler) {
    handler = import(pathToFileURL(script).href).then((module: Record<string, unknown>) => {
      const candidate = module.default;
      if (typeof candidate !== 'function') {
        throw new Error(`${path.basename(script)} has no default export function; export the result of defineTool(import.meta.url, handler)`);
      }
      return candidate as Handler;
    });
    // A failed import is not cached, so that fixing the file and retrying works in a long-lived pool.
    handler.catch(() => handlers.delete(script));
    handlers.set(script, handler);
  }
  return handler;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function run(message: RunMessage): Promise<WorkerMessage> {
  const label = path.basename(message.script);
  let handler: Handler;
  try {
    handler = await loadHandler(message.script);
  } catch (error) {
    return { type: 'result', id: message.id, status: 'failed', kind: 'tool_failed', message: `could not load tool "${label}": ${errorText(error)}` };
  }
  let value: unknown;
  try {
    value = await handler(message.request.arguments, message.request.context);
  } catch (error) {
    return { type: 'result', id: message.id, status: 'failed', kind: 'tool_failed', message: `tool "${label}" failed: ${errorText(error)}` };
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    return { type: 'result', id: message.id, status: 'failed', kind: 'tool_output_invalid', message: `tool "${label}" returned a value that cannot be written as JSON: ${errorText(error)}` };
  }
  if (json === undefined) {
    return { type: 'result', id: message.id, status: 'failed', kind: 'tool_output_invalid', message: `tool "${label}" returned nothing` };
  }
  // Measured here so that an oversized result never crosses the IPC channel.
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > message.maxOutputBytes) {
    return {
      type: 'result',
      id: message.id,
      status: 'failed',
      kind: 'tool_output_too_large',
      message: `tool "${label}" produced ${bytes} bytes of output; the limit is ${message.maxOutputBytes} bytes`,
      bytes,
    };
  }
  return { type: 'result', id: message.id, status: 'ok', json };
}

process.on('message', (message: RunMessage) => {
  if (message?.type !== 'run') return;
  void run(message).then(send);
});

// The pool went away (closed or crashed): nothing is left to serve.
process.on('disconnect', () => process.exit(0));

send({ type: 'ready' });
