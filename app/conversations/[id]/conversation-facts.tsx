// The conversation page's facts: when it ran, how long, its calls, its input and its checks.
import type { ConversationDetails } from '@/lib/panel/conversations/conversations';
import { formatMilliseconds, formatTime } from '@/lib/panel/format';
import { CustomCheckFact } from './custom-check';

export function ConversationFacts({ details }: { details: ConversationDetails }) {
  const { conversation } = details;
  return (
    <dl className="facts">
      <div>
        <dt>Started</dt>
        <dd>{formatTime(conversation.startedAt)}</dd>
      </div>
      <div>
        <dt>Duration</dt>
        <dd>{formatMilliseconds(conversation.durationMs)}</dd>
      </div>
      <div>
        <dt>Model calls</dt>
        <dd>{conversation.modelCallCount}</dd>
      </div>
      <div>
        <dt>Tool calls</dt>
        <dd>{conversation.toolCallCount}</dd>
      </div>
      <div>
        <dt>Input</dt>
        <dd>#{conversation.inputIndex + 1}</dd>
      </div>
      <div>
        <dt>Task success</dt>
        <dd data-testid="task-success" title={conversation.taskCheck?.reason ?? 'no check judged this conversation'}>
          {conversation.taskSuccess === null ? '—' : conversation.taskSuccess ? 'yes' : 'no'}
        </dd>
      </div>
      <CustomCheckFact check={conversation.customCheck} />
      {details.datasetCase ? (
        <div>
          <dt>Case</dt>
          <dd>
            <code>{details.datasetCase.caseKey ?? details.datasetCase.caseId}</code>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
