// One message of a conversation by role: assistant tool calls with their arguments pretty-printed,
// tool results as indented JSON with what the tool reported beside them (outcome, duration, error,
// what it changed in the knowledge).
import type { TranscriptToolExecution } from '@/lib/db/queries/transcript';
import type { ChatMessage, ToolCall } from '@/lib/protocol/messages';
import { formatMilliseconds, prettyJsonText } from '@/lib/panel/format';
import type { KnowledgeLeaf } from '@/lib/panel/conversations/knowledge';
import { KnowledgeChanges } from './knowledge-changes';
import { LongText } from './transcript-text';
import styles from './transcript.module.css';
import { ErrorKindMark } from '@/app/components/category-mark';

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

function ExecutionFacts({
  execution,
  knowledge,
}: {
  execution: TranscriptToolExecution;
  knowledge: KnowledgeLeaf[] | null;
}) {
  const failed = execution.outcome === 'error';
  return (
    <div
      className={`${styles.execution} ${failed ? styles.failed : ''}`}
      data-testid="tool-execution"
      data-jump-error={failed ? 'true' : undefined}
    >
      {execution.outcome} in {formatMilliseconds(execution.durationMs)}
      {execution.errorKind ? (
        <>
          {' · '}
          <ErrorKindMark kind={execution.errorKind} />
        </>
      ) : null}
      {execution.summary ? ` · ${execution.summary}` : ''}
      {knowledge ? <KnowledgeChanges leaves={knowledge} className={styles.knowledgeDelta} /> : null}
    </div>
  );
}

export function MessageBlock({
  message,
  position,
  execution,
  knowledge = null,
}: {
  message: ChatMessage;
  position: number;
  execution?: TranscriptToolExecution;
  /** What the tool result changed in the knowledge (null: it reported none). */
  knowledge?: KnowledgeLeaf[] | null;
}) {
  const content =
    message.role === 'tool' ? (
      <LongText text={message.content} json testId="message-content" />
    ) : message.content !== null && message.content !== '' ? (
      <LongText text={message.content} testId="message-content" />
    ) : message.role === 'assistant' && !message.tool_calls?.length ? (
      <span className="muted">(empty answer)</span>
    ) : null;
  return (
    <div className={`message ${message.role}`} data-testid="message" data-role={message.role}>
      <div className="role">
        <span>{message.role}</span>
        {message.role === 'tool' ? <span className="muted">{`${message.name} · ${message.tool_call_id}`}</span> : null}
        <span className="muted">#{position}</span>
      </div>
      {message.role === 'system' ? (
        <details data-testid="system-prompt">
          <summary>System prompt ({message.content.length.toLocaleString('en-US')} characters)</summary>
          {content}
        </details>
      ) : (
        content
      )}
      {message.role === 'assistant'
        ? (message.tool_calls ?? []).map((call) => <ToolCallBlock key={call.id} call={call} />)
        : null}
      {execution ? <ExecutionFacts execution={execution} knowledge={knowledge} /> : null}
    </div>
  );
}
