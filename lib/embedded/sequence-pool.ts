// Hands out the context's sequences, one conversation turn at a time. A free sequence whose cached
// tokens share the longest prefix with the new prompt is preferred: a multi-turn agent resends its
// whole history every turn, so the next turn usually only has to evaluate what was added.
import type { LlamaContextSequence, Token } from 'node-llama-cpp';

export type SequenceLease = {
  sequence: LlamaContextSequence;
  /** Prompt tokens already in the sequence's cache (they need no evaluation). */
  cachedPrefix: number;
  /** Milliseconds spent waiting for a free sequence. */
  waitedMs: number;
  release(): void;
};

type Waiter = { tokens: Token[]; started: number; resolve(lease: SequenceLease): void; reject(error: Error): void };

export class SequencePool {
  private readonly free: LlamaContextSequence[];
  private readonly waiters: Waiter[] = [];
  private closed = false;

  /** Every sequence, free or in use. */
  readonly sequences: readonly LlamaContextSequence[];

  constructor(sequences: LlamaContextSequence[]) {
    this.sequences = [...sequences];
    this.free = [...sequences];
  }

  get freeCount(): number {
    return this.free.length;
  }

  get waitingCount(): number {
    return this.waiters.length;
  }

  acquire(tokens: Token[], signal?: AbortSignal): Promise<SequenceLease> {
    if (this.closed) return Promise.reject(new Error('the model was closed'));
    if (signal?.aborted) return Promise.reject(new Error('request cancelled'));
    const started = performance.now();
    if (this.free.length > 0) return Promise.resolve(this.lease(tokens, started));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        tokens,
        started,
        resolve: (lease) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(lease);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      const onAbort = () => {
        const index = this.waiters.indexOf(waiter);
        if (index !== -1) this.waiters.splice(index, 1);
        waiter.reject(new Error('request cancelled'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Refuses every waiting request; sequences in use are the caller's to finish. */
  close(): void {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter.reject(new Error('the model was closed'));
  }

  private lease(tokens: Token[], started: number): SequenceLease {
    let bestIndex = 0;
    let bestPrefix = -1;
    this.free.forEach((sequence, index) => {
      const prefix = sequence.compareContextTokens(tokens).firstDifferentIndex;
      if (prefix > bestPrefix) {
        bestPrefix = prefix;
        bestIndex = index;
      }
    });
    const [sequence] = this.free.splice(bestIndex, 1);
    let released = false;
    return {
      sequence,
      cachedPrefix: Math.max(0, bestPrefix),
      waitedMs: performance.now() - started,
      release: () => {
        if (released) return;
        released = true;
        this.give(sequence);
      },
    };
  }

  private give(sequence: LlamaContextSequence): void {
    this.free.push(sequence);
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(this.lease(waiter.tokens, waiter.started));
  }
}
