// A conversation as text: each message by role, tool calls with their arguments pretty-printed,
// then every model call with the request it sent and the raw response. Model output is untrusted:
// everything goes through React as text (never as HTML), so a `<script>` in it is shown, not run.
import type { ChatMessage, ToolCall } from '../../lib/runner/messages';
import type { Transcript, TranscriptModelCall } from '../../lib/db/queries/transcript';
import { formatMilliseconds, prettyJson, prettyJsonText } from '../../lib/panel/format';

function ToolCallBlock({ call }: { call: ToolCall }) {
  return (
    <div className="tool-call" data-testid="tool-call">
      <div className="call-name">
        → {call.function.name} <span className="muted">({call.id})</span>
      </div>
      <pre data-testid="tool-call-arguments">{prettyJsonText(call.function.arguments)}</pre>
    </div>
  );
}

function MessageBlock({ message, position }: { message: ChatMessage; position: number }) {
  return (
    <div className={`message ${message.role}`} data-testid="message" data-role={message.role}>
      <div className="role">
        <span>{message.role}</span>
        {message.role === 'tool' ? <span className="muted">{`${message.name} · ${message.tool_call_id}`}</span> : null}
        <span className="muted">#{position}</span>
      </div>
      {message.role === 'tool' ? (
        <pre data-testid="message-content">{prettyJsonText(message.content)}</pre>
      ) : message.content !== null && message.content !== '' ? (
        <pre data-testid="message-content">{message.content}</pre>
      ) : message.role === 'assistant' && !message.tool_calls?.length ? (
        <span className="muted">(empty answer)</span>
      ) : null}
      {message.role === 'assistant' ? (message.tool_calls ?? []).map((call) => <ToolCallBlock key={call.id} call={call} />) : null}
    </div>
  );
}

function ModelCallBlock({ call }: { call: TranscriptModelCall }) {
  const tokens = call.usage ? `${call.usage.prompt_tokens ?? '?'} in / ${call.usage.completion_tokens ?? '?'} out` : 'no usage reported';
  return (
    <div className="model-call" data-testid="model-call">
      <div className="card-head">
        <strong>Turn {call.turn}</strong>
        <span className={`badge ${call.status === 'ok' ? 'completed' : 'failed'}`}>{call.status}</span>
        {call.parsePath ? <span className="chip" data-testid="parse-path">{call.parsePath}</span> : null}
        <span className="muted">
          {formatMilliseconds(call.latencyMs)} · {tokens} · {call.attempts} attempt{call.attempts === 1 ? '' : 's'}
        </span>
      </div>
      {call.error ? <div className="error-box">{call.error}</div> : null}
      {call.calls.length > 0 ? (
        <ul style={{ margin: '4px 0', paddingLeft: 18, fontSize: 14 }}>
          {call.calls.map((validated) => (
            <li key={validated.id}>
              <code>{validated.name}</code>{' '}
              {validated.problem === null ? <span className="badge valid">valid</span> : <span className="badge invalid">{validated.problem.kind}</span>}
              {validated.problem ? <span className="sub">{validated.problem.message}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {call.toolExecutions.map((execution) => (
        <div key={execution.id} className="muted" style={{ fontSize: 13 }}>
          tool {execution.toolName}: {execution.outcome} in {formatMilliseconds(execution.durationMs)}
          {execution.error ? ` · ${execution.error}` : ''}
        </div>
      ))}
      <details>
        <summary>Request sent ({call.request.messages.length} messages)</summary>
        {call.requestProblem ? <p className="note">{call.requestProblem}</p> : null}
        <pre data-testid="model-call-request">{prettyJson(call.request)}</pre>
      </details>
      <details>
        <summary>Raw response</summary>
        <pre>{prettyJson(call.response)}</pre>
      </details>
    </div>
  );
}

export function TranscriptView({ transcript }: { transcript: Transcript }) {
  return (
    <>
      <section className="card" data-testid="messages">
        <h2>Messages</h2>
        {transcript.messages.length === 0 ? <p className="empty">No message was stored for this conversation.</p> : null}
        {transcript.messages.map((message, position) => (
          <MessageBlock key={position} message={message} position={position} />
        ))}
      </section>
      <section className="card" data-testid="model-calls">
        <h2>Model calls</h2>
        {transcript.modelCalls.length === 0 ? <p className="empty">No model call was made.</p> : null}
        {transcript.modelCalls.map((call) => (
          <ModelCallBlock key={call.id} call={call} />
        ))}
      </section>
    </>
  );
}
