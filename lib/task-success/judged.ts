// A check script's verdict as its tool output. Its own module so that a check needing nothing else
// (the harness agent's, run in process: lib/tools/in-process-tools.ts) loads no Python tooling.
import type { ToolOutput } from '../tools/protocol';

export function judged(success: boolean, reason: string, details?: Record<string, unknown>): ToolOutput {
  return { outcome: 'success', result: { success, reason, ...(details ? { details } : {}) }, summary: reason };
}
