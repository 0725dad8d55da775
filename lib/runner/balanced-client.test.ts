import { describe, expect, it } from 'vitest';
import { BalancedModelClient } from './balanced-client';
import type { ModelCallOutcome, ModelClient } from './types';

/** A replica (unit-test fake) whose answers are released by the test, to hold requests outstanding. */
class HeldReplica implements ModelClient {
  readonly pending: ((outcome: ModelCallOutcome) => void)[] = [];
  received = 0;
  complete(): Promise<ModelCallOutcome> {
    this.received += 1;
    return new Promise((resolve) => this.pending.push(resolve));
  }
  releaseAll() {
    for (const resolve of this.pending.splice(0))
      resolve({ ok: true, body: { choices: [{ message: {} }] }, latencyMs: 1, attempts: 1 });
  }
}

const request = { model: 'm', messages: [] };

describe('BalancedModelClient', () => {
  it('sends each request to the replica with the fewest outstanding requests', async () => {
    const replicas = [new HeldReplica(), new HeldReplica(), new HeldReplica()];
    const client = new BalancedModelClient(replicas);
    const first = [client.complete(request), client.complete(request), client.complete(request)];
    expect(replicas.map((replica) => replica.received)).toEqual([1, 1, 1]);
    replicas[1].releaseAll();
    await first[1];
    expect(client.load()).toEqual([1, 0, 1]);
    void client.complete(request);
    void client.complete(request);
    // The first goes to the idle replica; the second breaks a three-way tie by least recent pick.
    expect(replicas.map((replica) => replica.received)).toEqual([2, 2, 1]);
    expect(client.load()).toEqual([2, 1, 1]);
    for (const replica of replicas) replica.releaseAll();
  });

  it('rotates among idle replicas instead of always using the first', async () => {
    const replicas = [new HeldReplica(), new HeldReplica()];
    const client = new BalancedModelClient(replicas);
    for (let index = 0; index < 4; index++) {
      const call = client.complete(request);
      for (const replica of replicas) replica.releaseAll();
      await call;
    }
    expect(replicas.map((replica) => replica.received)).toEqual([2, 2]);
  });

  it('frees the slot of a replica whose request failed', async () => {
    const failing: ModelClient = {
      complete: async () => {
        throw new Error('boom');
      },
    };
    const client = new BalancedModelClient([failing]);
    await expect(client.complete(request)).rejects.toThrow('boom');
    expect(client.load()).toEqual([0]);
  });
});
