// The simulator without HTTP: one request body in, one status and body out, plus the ground-truth
// counts. Every draw comes from a stream seeded by (seed, request content, how many identical
// requests came before), so answers never depend on which connection arrived first.
import type { SimOptions, SimStats } from './options';
import { emptyStats } from './options';
import { readChatRequest, requestContentKey } from './chat-request';
import { hashText, mixWords, Random, seedWords } from './random';
import { simulateAnswer } from './simulate';
import { completionBody, errorBody, type ErrorType } from './completion-body';
import { countTokensEstimate, renderPrompt } from '../families/functiongemma/render';
import { parseJson } from '../protocol/json';
import { simulateLogprobs } from './token-logprobs';
import { streamEvents } from './stream-body';

/**
 * A JSON answer, or (for a streamed request) the server-sent events to write; `body` is then the completion they add up
 * to.
 */
export type EngineReply = { status: number; body: Record<string, unknown>; events?: string[] };

/** Past this many distinct requests the repeat counters start over (bounded memory in long benchmarks). */
const MAX_TRACKED_REQUESTS = 1_000_000;
const ATTEMPT_STREAM = 0xa77e;
const MODEL_STREAM = 0x30de1;
// Its own stream, so asking for logprobs never changes the answer or its ids.
const LOGPROB_STREAM = 0x10970b;

type RepeatCounter = { arrivals: number; answers: number };

export class SimEngine {
  readonly options: SimOptions;
  private counts: SimStats = emptyStats();
  private repeats = new Map<string, RepeatCounter>();
  private readonly seed: [number, number];

  constructor(options: SimOptions) {
    this.options = options;
    this.seed = seedWords(options.seed);
  }

  stats(): SimStats {
    return structuredClone(this.counts);
  }

  reset(): void {
    this.counts = emptyStats();
    this.repeats.clear();
  }

  private refuse(status: number, message: string, type: ErrorType, code: string): EngineReply {
    this.counts.badRequests += 1;
    return { status, body: errorBody(message, type, code) };
  }

  /** Counts a request refused before it was read: an unknown route, or a chat request with a body too large. */
  countRefusal(chatRequest: boolean): void {
    if (chatRequest) this.counts.requests += 1;
    this.counts.badRequests += 1;
  }

  chatCompletion(bodyText: string): EngineReply {
    this.counts.requests += 1;
    const parsed = parseJson(bodyText);
    if (!parsed.ok)
      return this.refuse(
        400,
        `the request body is not valid JSON: ${parsed.error}`,
        'invalid_request_error',
        'invalid_json',
      );
    const checked = readChatRequest(parsed.value);
    if (!checked.ok) return this.refuse(400, checked.message, 'invalid_request_error', checked.code);
    const request = checked.request;

    const [first, second] = hashText(requestContentKey(request));
    const key = `${first}:${second}`;
    let counter = this.repeats.get(key);
    if (!counter) {
      if (this.repeats.size >= MAX_TRACKED_REQUESTS) this.repeats.clear();
      counter = { arrivals: 0, answers: 0 };
      this.repeats.set(key, counter);
    }
    const attempt = new Random(mixWords(ATTEMPT_STREAM, this.seed[0], this.seed[1], first, second, counter.arrivals));
    counter.arrivals += 1;

    const errorDraw = attempt.next();
    if (errorDraw < this.options.http500Rate) {
      this.counts.httpErrors['500'] += 1;
      return {
        status: 500,
        body: errorBody('simulated server error (http500Rate)', 'server_error', 'simulated_server_error'),
      };
    }
    if (errorDraw < this.options.http500Rate + this.options.http429Rate) {
      this.counts.httpErrors['429'] += 1;
      return {
        status: 429,
        body: errorBody('simulated rate limit (http429Rate)', 'rate_limit_error', 'rate_limit_exceeded'),
      };
    }

    const draw = varies(this.options.varyRepeats, parsed.value) ? counter.answers : 0;
    counter.answers += 1;
    const random = new Random(mixWords(MODEL_STREAM, this.seed[0], this.seed[1], first, second, draw));
    const answer = simulateAnswer(request, this.options, random);

    this.counts.completions += 1;
    this.counts.shapes[answer.shape] += 1;
    this.counts.modes[answer.mode] += 1;
    if (answer.injected.unknownTool) this.counts.injected.unknownTool += 1;
    if (answer.injected.invalidArguments) this.counts.injected.invalidArguments += 1;
    if (answer.injected.lossyBareValues) this.counts.injected.lossyBareValues += 1;
    if (answer.injected.submitResult) this.counts.injected.submitResult += 1;

    const prompt = renderPrompt({ messages: request.messages, tools: request.tools });
    const body = completionBody(answer, {
      // vLLM answers with the name it was asked for (a LoRA adapter, for one).
      model: request.model ?? this.options.model,
      promptTokens: countTokensEstimate(prompt),
      completionTokens: countTokensEstimate(answer.rawOutput),
      random,
    });
    const { output } = request;
    const logprobs = output.logprobs
      ? simulateLogprobs(
          answer.rawOutput,
          {
            topLogprobs: output.topLogprobs,
            toolNames: request.tools.map((tool) => tool.function.name),
            unsureOfName: answer.injected.unknownTool,
          },
          new Random(mixWords(LOGPROB_STREAM, this.seed[0], this.seed[1], first, second, draw)),
        )
      : null;
    if (logprobs) (body.choices as Record<string, unknown>[])[0].logprobs = { content: logprobs };
    if (output.stream)
      return { status: 200, body, events: streamEvents(body, { logprobs, includeUsage: output.includeUsage }) };
    return { status: 200, body };
  }
}

/** Whether repeats of a request get fresh draws: as set, else only when it samples (temperature above 0). */
function varies(setting: boolean | undefined, body: unknown): boolean {
  if (setting !== undefined) return setting;
  const temperature =
    typeof body === 'object' && body !== null ? (body as { temperature?: unknown }).temperature : undefined;
  return typeof temperature === 'number' ? temperature > 0 : true;
}
