import type { ChatRequest } from '../protocol/messages';
import type { ModelCallOutcome, ModelClient, StreamListener } from './types';

/**
 * Spreads requests over replicas of one model by least outstanding requests, so that a sweep can
 * use several servers. Ties go to the replica that was picked least recently, which keeps idle
 * replicas evenly used. Retries stay inside each replica's own client.
 */
export class BalancedModelClient implements ModelClient {
  private readonly replicas: { client: ModelClient; outstanding: number; lastPicked: number }[];
  private picks = 0;

  constructor(clients: ModelClient[]) {
    if (clients.length === 0) throw new Error('a balanced client needs at least one replica');
    this.replicas = clients.map((client) => ({ client, outstanding: 0, lastPicked: -1 }));
  }

  async complete(request: ChatRequest, signal?: AbortSignal, onStream?: StreamListener): Promise<ModelCallOutcome> {
    const replica = this.pick();
    replica.outstanding += 1;
    try {
      return await replica.client.complete(request, signal, onStream);
    } finally {
      replica.outstanding -= 1;
    }
  }

  /** Outstanding requests per replica, in the order given (for progress displays and tests). */
  load(): number[] {
    return this.replicas.map((replica) => replica.outstanding);
  }

  private pick() {
    let best = this.replicas[0];
    for (const replica of this.replicas) {
      if (
        replica.outstanding < best.outstanding ||
        (replica.outstanding === best.outstanding && replica.lastPicked < best.lastPicked)
      )
        best = replica;
    }
    best.lastPicked = this.picks++;
    return best;
  }
}
