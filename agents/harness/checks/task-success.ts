// The harness agent's task success: simple_tool echoed the request itself (the payload is the
// request's text, surrounding whitespace aside) before the conversation submitted.
import { defineTool } from '../../../lib/tools/define-tool';
import { judged } from '../../../lib/task-success/judged';

type CheckedCall = { name: string; arguments: Record<string, unknown>; outcome: string };

export default defineTool(import.meta.url, (args, context) => {
  const calls = Array.isArray(args.calls) ? (args.calls as CheckedCall[]) : [];
  const echoes = calls.filter((call) => call.name === 'simple_tool' && call.outcome === 'success');
  if (echoes.length === 0) return judged(false, 'simple_tool was never run successfully');
  const request = context.nodeText.trim();
  const exact = echoes.some(
    (call) => typeof call.arguments.payload === 'string' && call.arguments.payload.trim() === request,
  );
  if (exact) return judged(true, 'simple_tool echoed the request, then the result was submitted');
  return judged(false, 'simple_tool ran, but never with the request as its payload', {
    payloads: echoes.map((call) => call.arguments.payload).slice(0, 3),
  });
});
