// An OpenAI-compatible chat endpoint whose answers a test scripts per input: a rule gets the
// request's first user message, how many tool results it already holds and the system text, and
// returns the next assistant message (a call, or text), or a server failure. Real HTTP (the shared
// scripted server), so the runner, the store and the task-success check all run as they do against
// a model server.
import { startScriptedServer, type ScriptedServer } from '../python/testing/scripted-server';

type PeerCall = { name: string; arguments: Record<string, unknown> };
/** What the model says next: calls, or a text answer. */
type PeerAnswer = { calls: PeerCall[] } | { text: string } | { fail: number };
export type PeerRule = (userText: string, toolResults: number, systemText: string) => PeerAnswer;

export type ScriptedPeer = ScriptedServer;

export function startScriptedPeer(rule: PeerRule): Promise<ScriptedPeer> {
  return startScriptedServer(
    (request, index) => {
      const text = (role: string) => String(request.messages.find((message) => message.role === role)?.content ?? '');
      const results = request.messages.filter((message) => message.role === 'tool').length;
      const answer = rule(text('user'), results, text('system'));
      if ('fail' in answer) return answer;
      if ('text' in answer) return { content: answer.text };
      const calls = answer.calls.map((call, position) => ({
        id: `call_peer_${index + 1}_${position}`,
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      }));
      return { content: null, tool_calls: calls };
    },
    { model: 'peer' },
  );
}
