// Where a campaign node's time goes (issue 28, item 8): a ToolExecutor and a ModelClient that time each
// call as the conversation waits for it, for bench/campaign.ts and bench/campaign-real.ts. A tool
// call's wall time here includes what the record's durationMs leaves out: waiting for the worker
// to start and load the tool. The first call of each workspace (each node) is counted apart: it is
// the one that met a worker start.
import type { ModelClient, RunnerSettings } from '../lib/runner/types';
import type { ToolExecutor, ToolLimits, ToolRequest, ToolCallOptions } from '../lib/tools/protocol';
import { HttpModelClient } from '../lib/runner/model-client';
import type { RemoraDatabase } from '../lib/db/client';
import { runCampaign } from '../lib/campaigns/run';
import { startSimServer } from '../lib/sim/server';

/** The options both campaign benchmarks take for this (node:util parseArgs). */
export const TIMING_OPTIONS = {
  'no-warm': { type: 'boolean', default: false },
  latency: { type: 'string', default: '0' },
} as const;

/** The simulator, answering after `latencyMs` (0: at once), with no errors. */
export function startSimulator(latencyMs: number) {
  return startSimServer({ port: 0, seed: 1, latencyMs, http500Rate: 0, http429Rate: 0 });
}

/** Runs a campaign against `baseUrl` with its tool and model calls timed; `warm`: workers warmed (see tools()). */
export async function timedCampaign(
  database: RemoraDatabase,
  campaignId: string,
  run: { tools: ToolExecutor; baseUrl: string; warm: boolean },
) {
  const timing = new CampaignTiming();
  const result = await runCampaign(database, campaignId, {
    tools: timing.tools(run.tools, run.warm),
    createClient: timing.client(run.baseUrl),
    onProgress: timing.onProgress,
  }).done;
  return { result, timing };
}

type Sums = { count: number; ms: number };
const add = (sums: Sums, ms: number) => {
  sums.count += 1;
  sums.ms += ms;
};
const average = (sums: Sums) => (sums.count === 0 ? 0 : sums.ms / sums.count);

export class CampaignTiming {
  readonly firstToolCalls: Sums = { count: 0, ms: 0 };
  readonly laterToolCalls: Sums = { count: 0, ms: 0 };
  readonly modelCalls: Sums = { count: 0, ms: 0 };
  private readonly seen = new Set<string | null>();
  private running = 0;
  private since = performance.now();
  private nodeMs = 0;
  private nodes = 0;

  /** For runCampaign's onProgress: the time nodes are running, summed over nodes (exact, unlike wall x lanes). */
  readonly onProgress = (progress: { running: number }) => {
    const now = performance.now();
    this.nodeMs += this.running * (now - this.since);
    if (progress.running < this.running) this.nodes += this.running - progress.running;
    this.running = progress.running;
    this.since = now;
  };

  /**
   * The pool, timed. With `warm`, warming and releasing pass through (untimed: they overlap the model
   * call); without, the conversation's first call starts its worker, as before issue 28.
   */
  tools(inner: ToolExecutor, warm: boolean): ToolExecutor {
    const timing = this;
    const timed: ToolExecutor = {
      async execute(
        script: string,
        request: ToolRequest,
        limits: ToolLimits,
        signal?: AbortSignal,
        options?: ToolCallOptions,
      ) {
        const workspace = request.context.workspace;
        const first = workspace !== null && !timing.seen.has(workspace);
        timing.seen.add(workspace);
        const started = performance.now();
        const execution = await inner.execute(script, request, limits, signal, options);
        add(first ? timing.firstToolCalls : timing.laterToolCalls, performance.now() - started);
        return execution;
      },
      close: () => inner.close(),
    };
    if (warm && inner.warm && inner.release) {
      const { warm: start, release } = inner;
      timed.warm = (scripts, workspace) => start.call(inner, scripts, workspace);
      timed.release = (workspace) => release.call(inner, workspace);
    }
    return timed;
  }

  /** The campaign's HTTP client to `baseUrl`, timed. */
  client(baseUrl: string): (settings: RunnerSettings) => ModelClient {
    return (settings) => {
      const inner = new HttpModelClient({ baseUrl, retry: settings.retry });
      return {
        complete: async (request, signal, onStream) => {
          const started = performance.now();
          const outcome = await inner.complete(request, signal, onStream);
          add(this.modelCalls, performance.now() - started);
          return outcome;
        },
      };
    };
  }

  figures() {
    const nodeMs = this.nodes === 0 ? 0 : this.nodeMs / this.nodes;
    const all = { count: this.firstToolCalls.count + this.laterToolCalls.count, ms: 0 };
    all.ms = this.firstToolCalls.ms + this.laterToolCalls.ms;
    return {
      toolCallMs: average(all),
      firstToolCallMs: average(this.firstToolCalls),
      laterToolCallMs: average(this.laterToolCalls),
      toolCalls: all.count,
      modelCallMs: average(this.modelCalls),
      modelCalls: this.modelCalls.count,
      nodeMs,
      toolShareOfNode: this.nodeMs === 0 ? 0 : all.ms / this.nodeMs,
    };
  }

  /** One line of the figures. */
  line(warm: boolean, latencyMs: number): string {
    const f = this.figures();
    return (
      `${warm ? 'workers warmed' : 'workers not warmed'}, simulator latency ${latencyMs} ms: ` +
      `tool calls ${f.toolCallMs.toFixed(1)} ms on average (${f.toolCalls}; a node's first ` +
      `${f.firstToolCallMs.toFixed(1)} ms, later ones ${f.laterToolCallMs.toFixed(1)} ms), model calls ` +
      `${f.modelCallMs.toFixed(1)} ms (${f.modelCalls}), a node ${f.nodeMs.toFixed(0)} ms (${this.nodes}) ` +
      `(tool calls ${(100 * f.toolShareOfNode).toFixed(0)}% of it)`
    );
  }
}
