// A conversation as text, turn by turn: the messages it opened with, then each model call (folded
// to one line) followed by the assistant message it produced and the tool results. Model output is
// untrusted: everything goes through React as text (never as HTML), so a `<script>` in it is shown,
// not run.
import type { ConversationDetails } from '@/lib/panel/conversations/conversations';
import { MessageBlock } from './transcript-message';
import { ModelCallBlock } from './transcript-model-call';
import styles from './transcript.module.css';

export function TranscriptView({ details, openCalls = false }: { details: ConversationDetails; openCalls?: boolean }) {
  const { timeline, conversation } = details;
  const nothing = timeline.opening.length === 0 && timeline.turns.length === 0;
  return (
    <section className="card" data-testid="messages">
      <h2>Transcript</h2>
      {nothing ? <p className="empty">No message was stored for this conversation.</p> : null}
      <div className={styles.timeline} data-testid="timeline">
        {timeline.opening.map(({ message, position }) => (
          <MessageBlock key={position} message={message} position={position} />
        ))}
        {timeline.turns.map(({ call, messages }) => (
          <div key={call.id} className={styles.turn} data-testid="turn" id={`turn-${call.turn}`}>
            <a href={`#turn-${call.turn}`} className={styles.turnLabel} data-testid="turn-anchor">
              Turn {call.turn}
            </a>
            <ModelCallBlock call={call} conversationId={conversation.id} open={openCalls} />
            {messages.map(({ message, position }) => (
              <MessageBlock
                key={position}
                message={message}
                position={position}
                execution={
                  message.role === 'tool'
                    ? call.toolExecutions.find((execution) => execution.callId === message.tool_call_id)
                    : undefined
                }
              />
            ))}
          </div>
        ))}
        {timeline.unplaced.map(({ message, position }) => (
          <MessageBlock key={position} message={message} position={position} />
        ))}
      </div>
      {timeline.turns.length === 0 && !nothing ? <p className="muted">No model call was made.</p> : null}
    </section>
  );
}
