import type { ChatRequest } from '../protocol/messages';
import type { ModelCallOutcome, ModelClient } from '../runner/types';

/** A message a scripted turn answers with, or a failure, or a function of the request. */
export type ScriptedTurn =
  | { message: Record<string, unknown>; usage?: Record<string, number> }
  | { fail: string; status?: number }
  | ((request: ChatRequest) => ScriptedTurn);

/**
 * A fake model for unit tests: answers turn by turn from a script and records a deep copy of
 * every request it received, so tests can assert on exactly what a server would have seen.
 */
export class ScriptedModelClient implements ModelClient {
  readonly requests: ChatRequest[] = [];
  private readonly script: ScriptedTurn[];

  constructor(script: ScriptedTurn[]) {
    this.script = [...script];
  }

  async complete(request: ChatRequest): Promise<ModelCallOutcome> {
    this.requests.push(structuredClone(request));
    let turn = this.script.shift();
    if (turn === undefined) throw new Error(`scripted model has no answer for request ${this.requests.length}`);
    while (typeof turn === 'function') turn = turn(request);
    if ('fail' in turn) return { ok: false, error: turn.fail, status: turn.status, latencyMs: 1, attempts: 1 };
    const body = {
      id: `chatcmpl-${this.requests.length}`,
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', ...turn.message }, finish_reason: 'stop' }],
      usage: turn.usage,
    };
    return { ok: true, body, latencyMs: 1, attempts: 1 };
  }
}

export function structuredCall(name: string, args: Record<string, unknown>, id?: string): ScriptedTurn {
  return {
    message: {
      content: null,
      tool_calls: [
        { id: id ?? `chatcmpl-tool-${name}`, type: 'function', function: { name, arguments: JSON.stringify(args) } },
      ],
    },
  };
}

export function contentAnswer(content: string | null): ScriptedTurn {
  return { message: { content } };
}
