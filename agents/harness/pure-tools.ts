// The harness agent's tools that are pure JavaScript with no side effects: a tool pool given these
// runs them in its own process, since a round trip to a worker would cost more than the tool. The
// pool (lib/tools) imports no agent, so whoever makes a pool for experiments hands it this list.
import type { PureTool } from '../../lib/tools/in-process-tools';

export const HARNESS_PURE_TOOLS: readonly PureTool[] = [
  {
    file: 'agents/harness/tools/simple-tool.ts',
    load: async () => (await import('./tools/simple-tool')).default,
  },
  // The task-success check reads the calls it is given, nothing else.
  {
    file: 'agents/harness/checks/task-success.ts',
    load: async () => (await import('./checks/task-success')).default,
  },
];
