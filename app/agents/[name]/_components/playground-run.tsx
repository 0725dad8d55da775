'use client';
// One playground conversation as it happens: the native prompt of each request (folded), the text
// streaming in, then each response's parse path and calls, each tool result, and the end.
import type { PlaygroundStreamEvent } from '@/lib/panel/playground/playground';
import { plural } from '@/lib/plural';
import { ErrorKindMark, PathMark } from '@/app/components/category-mark';
import { KnowledgeAtEnd, KnowledgeChanges } from '@/app/components/transcript/knowledge-changes';
import { knowledgeLeaves, type KnowledgeLeaf } from '@/lib/panel/conversations/knowledge';

export type RunState = {
  events: PlaygroundStreamEvent[];
  streaming: string;
  running: boolean;
  problem: string | null;
  runId: string | null;
};

export const EMPTY_RUN: RunState = { events: [], streaming: '', running: false, problem: null, runId: null };

/** Folds an event into the run's state: deltas build the text in flight, a parsed call ends it. */
export function applyEvent(state: RunState, event: PlaygroundStreamEvent): RunState {
  switch (event.type) {
    case 'model-delta':
      return {
        ...state,
        streaming:
          state.streaming + event.text + event.toolCalls.map((call) => `${call.name}${call.arguments}`).join(''),
      };
    case 'model-call':
      return { ...state, streaming: '', events: [...state.events, event] };
    case 'kept':
      return { ...state, runId: event.runId, events: [...state.events, event] };
    case 'end':
      return { ...state, running: false, events: [...state.events, event] };
    default:
      return { ...state, events: [...state.events, event] };
  }
}

function EventView({ event, knowledge }: { event: PlaygroundStreamEvent; knowledge: KnowledgeLeaf[] | null }) {
  switch (event.type) {
    case 'native-prompt':
      return (
        <details data-testid="pg-native-prompt">
          <summary>
            Turn {event.turn}: the native prompt ({event.messages} messages)
          </summary>
          <pre>{event.prompt}</pre>
        </details>
      );
    case 'model-call':
      return (
        <div className="message assistant" data-testid="pg-model-call" data-path={event.parsePath ?? 'request failed'}>
          <div className="role">
            <span>model · turn {event.turn}</span>
            <PathMark path={event.parsePath} testId="pg-parse-path" />
            <span className="muted">{Math.round(event.latencyMs)} ms</span>
          </div>
          {event.error ? <div className="error-box">{event.error}</div> : null}
          {event.content ? <pre data-testid="pg-raw">{event.content}</pre> : null}
          {event.toolCalls.map((call, index) => (
            <pre key={`s${index}`} className="muted">
              tool_calls: {call.name} {call.arguments}
            </pre>
          ))}
          {event.calls.map((call, index) => (
            <div key={index} className="tool-call" data-testid="pg-call">
              → <code>{call.name}</code> {JSON.stringify(call.arguments)}
              {call.problem ? <span className="bad-text"> ({call.problem})</span> : null}
            </div>
          ))}
          {event.status === 'ok' && event.calls.length === 0 ? <span className="muted">No call parsed.</span> : null}
        </div>
      );
    case 'tool-result':
      return (
        <div className="message tool" data-testid="pg-tool-result">
          <div className="role">
            <span>tool · {event.toolName}</span>
            <span className="muted">
              {event.outcome}
              {event.errorKind ? (
                <>
                  {' · '}
                  <ErrorKindMark kind={event.errorKind} />
                </>
              ) : null}{' '}
              · {Math.round(event.durationMs)} ms
            </span>
          </div>
          <pre>{event.error ?? JSON.stringify(event.result, null, 2)}</pre>
          {knowledge ? <KnowledgeChanges leaves={knowledge} className="muted" /> : null}
        </div>
      );
    case 'end':
      return (
        <div data-testid="pg-end" data-outcome={event.outcome}>
          <strong>Ended: {event.outcome}</strong> after {plural(event.modelCalls, 'model call')} in{' '}
          {Math.round(event.durationMs)} ms
          {event.finalText ? <pre>{event.finalText}</pre> : null}
          {event.error ? <div className="error-box">{event.error}</div> : null}
          {event.diff ? <pre>{event.diff}</pre> : null}
        </div>
      );
    default:
      return null;
  }
}

/** Each tool result's knowledge as what it changed, and the whole state its results left. */
function knowledgeOf(events: PlaygroundStreamEvent[]) {
  const results = events.filter((event) => event.type === 'tool-result');
  const leaves = knowledgeLeaves(results);
  const end: Record<string, unknown> = {};
  for (const result of results) Object.assign(end, result.knowledgeDelta ?? {});
  return {
    leaves: new Map<PlaygroundStreamEvent, KnowledgeLeaf[] | null>(
      results.map((result, index) => [result, leaves[index]]),
    ),
    end,
  };
}

export function PlaygroundRun({ title, state }: { title: string; state: RunState }) {
  const knowledge = knowledgeOf(state.events);
  return (
    <div data-testid="pg-side" data-running={String(state.running)}>
      <h3 style={{ margin: '4px 0 8px' }}>{title}</h3>
      {state.events.map((event, index) => (
        <EventView key={index} event={event} knowledge={knowledge.leaves.get(event) ?? null} />
      ))}
      {state.events.some((event) => event.type === 'end') ? (
        <KnowledgeAtEnd knowledge={knowledge.end} testId="pg-knowledge" />
      ) : null}
      {state.running ? (
        <div className="streaming" data-testid="pg-streaming" aria-live="polite">
          {state.streaming || <span className="muted">waiting for the model…</span>}
        </div>
      ) : null}
      {state.problem ? (
        <div className="error-box" data-testid="pg-problem">
          {state.problem}
        </div>
      ) : null}
    </div>
  );
}
