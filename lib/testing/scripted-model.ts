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
    made.push(this);
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

  /**
   * Throws when turns of the script were never asked for: a conversation that ended before the test
   * meant it to would otherwise pass on the turns it did see.
   */
  assertComplete(): void {
    const left = this.script.length;
    if (left > 0) {
      throw new Error(
        `scripted model: ${left} scripted turn${left === 1 ? ' was' : 's were'} never asked for ` +
          `(${this.requests.length} request${this.requests.length === 1 ? '' : 's'} came)`,
      );
    }
  }
}

// Every client made since the last assertScriptsComplete().
const made: ScriptedModelClient[] = [];

/** assertComplete() on every scripted model made since the last call: a test file's afterEach. */
export function assertScriptsComplete(): void {
  for (const client of made.splice(0)) client.assertComplete();
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
