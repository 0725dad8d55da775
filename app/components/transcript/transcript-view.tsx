// A conversation as text, turn by turn: the messages it opened with, then each model call (folded
// to one line) followed by the assistant message it produced and the tool results. Model output is
// untrusted: everything goes through React as text (never as HTML), so a `<script>` in it is shown,
// not run.
import type { ConversationDetails } from '@/lib/panel/conversations/conversations';
import { knowledgeLeaves } from '@/lib/panel/conversations/knowledge';
import type { TranscriptToolExecution } from '@/lib/db/queries/transcript';
import type { ChatMessage } from '@/lib/protocol/messages';
import { MessageBlock } from './transcript-message';
import { ModelCallBlock } from './transcript-model-call';
import styles from './transcript.module.css';

export function TranscriptView({ details, openCalls = false }: { details: ConversationDetails; openCalls?: boolean }) {
  const { timeline, conversation } = details;
  // Each tool result's knowledge as what it changed, the whole state being the conversation page's
  // knowledge card (and the pair view's folded state), not repeated after every result.
  const executions = timeline.turns.flatMap((turn) => turn.call.toolExecutions);
  const leaves = knowledgeLeaves(
    executions,
    (conversation.input as { knowledge?: Record<string, unknown> } | null)?.knowledge ?? {},
  );
  const knowledgeOf = new Map(executions.map((execution, index) => [execution, leaves[index]]));
  const executionOf = (candidates: TranscriptToolExecution[], message: ChatMessage) => {
    if (message.role !== 'tool') return {};
    const execution = candidates.find((candidate) => candidate.callId === message.tool_call_id);
    return execution ? { execution, knowledge: knowledgeOf.get(execution) ?? null } : {};
  };
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
                {...executionOf(call.toolExecutions, message)}
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
