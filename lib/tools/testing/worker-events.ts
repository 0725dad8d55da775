// For tests of tool-worker warming: a pool's worker events (WorkerPoolOptions.onWorker) as a list,
// a promise for the next one of a kind (no polling, no sleeping), and this process's live tool
// processes (workers and their sandboxes), which are none once every worker is stopped.
import { processesOf, processWorkRoot } from '../work-root';
import type { WorkerEvent } from '../worker-pool-options';

export function watchWorkers() {
  const events: WorkerEvent[] = [];
  const waiters: { type: WorkerEvent['type']; resolve: (event: WorkerEvent) => void }[] = [];
  const onWorker = (event: WorkerEvent) => {
    events.push(event);
    for (const waiter of waiters.splice(0)) {
      if (waiter.type === event.type) waiter.resolve(event);
      else waiters.push(waiter);
    }
  };
  /** The first event of `type`, already seen or still to come. */
  const next = (type: WorkerEvent['type']) =>
    new Promise<WorkerEvent>((resolve) => {
      const seen = events.find((event) => event.type === type);
      if (seen) resolve(seen);
      else waiters.push({ type, resolve });
    });
  return { events, onWorker, next, starts: () => events.filter((event) => event.type === 'start') };
}

export const liveWorkerProcesses = () => processesOf(processWorkRoot().root);
