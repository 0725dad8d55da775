// One model call, folded to a line (turn, parse path, latency, tokens, confidence) so that a long
// transcript reads quickly; open, it shows the parsed and validated calls with their problems, the
// tool executions, what the tokens tell, and on demand the request and the raw response.
import type { ModelCallSummary } from '@/lib/panel/conversations/conversations';
import { formatMilliseconds, prettyJson } from '@/lib/panel/format';
import { CallDetails } from './transcript-call-details';
import { InsightBlock } from './transcript-insight';
import styles from './transcript.module.css';
import { PathMark } from '@/app/components/category-mark';
import { plural } from '@/lib/plural';

function ParsePathBadge({ path }: { path: string | null }) {
  return <PathMark path={path} testId="parse-path" />;
}

function tokens(call: ModelCallSummary): string {
  if (!call.usage) return 'no usage reported';
  return `${call.usage.prompt_tokens ?? '?'} in / ${call.usage.completion_tokens ?? '?'} out tokens`;
}

function sameCalls(call: ModelCallSummary): boolean {
  return (
    call.parsedCalls.length === call.calls.length &&
    call.parsedCalls.every(
      (parsed, index) =>
        JSON.stringify(parsed.arguments) === JSON.stringify(call.calls[index].arguments) &&
        parsed.name === call.calls[index].name,
    )
  );
}

export function ModelCallBlock({
  call,
  conversationId,
  open = false,
}: {
  call: ModelCallSummary;
  conversationId: string;
  open?: boolean;
}) {
  const confidence = call.insight?.toolNameConfidence;
  return (
    <details
      className={styles.modelCall}
      data-testid="model-call"
      data-turn={call.turn}
      data-path={call.parsePath ?? 'request failed'}
      data-jump-error={call.status === 'ok' ? undefined : 'true'}
      open={open}
    >
      <summary>
        <strong>Model call · turn {call.turn}</strong>
        <ParsePathBadge path={call.parsePath} />
        {call.status === 'ok' ? null : <span className="badge failed">request failed</span>}
        <span className={styles.summaryFacts}>
          {formatMilliseconds(call.latencyMs)} · {tokens(call)}
          {call.attempts > 1 ? ` · ${call.attempts} attempts` : ''}
          {call.calls.length > 0 ? ` · ${plural(call.calls.length, 'call')}` : ''}
          {call.calls.length > 0 && !call.allValid ? ', not all valid' : ''}
        </span>
        {confidence !== undefined && confidence !== null ? (
          <span className="chip" title="The model's probability for the tool name it chose">
            name {(confidence * 100).toFixed(1)}%
          </span>
        ) : null}
        {call.insight && call.insight.lostValues.length > 0 ? <span className="chip warn">values lost</span> : null}
      </summary>
      <div className={styles.modelCallBody}>
        {call.error ? <div className="error-box">{call.error}</div> : null}
        {call.calls.length > 0 ? (
          <div data-testid="validated-calls">
            <div className={styles.subhead}>Calls, as validated</div>
            <ul className={styles.callList}>
              {call.calls.map((validated) => (
                <li key={validated.id}>
                  <code>{validated.name}</code> <span className="muted">({validated.id})</span>{' '}
                  {validated.problem === null ? (
                    <span className={styles.valid}>valid</span>
                  ) : (
                    <span className={styles.problem}>
                      {validated.problem.kind}: {validated.problem.message}
                    </span>
                  )}
                  <pre>{prettyJson(validated.arguments)}</pre>
                </li>
              ))}
            </ul>
          </div>
        ) : call.status === 'ok' ? (
          <div data-testid="raw-answer">
            <div className={styles.subhead}>No call was parsed; the model wrote</div>
            {call.rawContent ? <pre>{call.rawContent}</pre> : <span className="muted">(nothing: an empty answer)</span>}
          </div>
        ) : null}
        {call.parsedCalls.length > 0 && !sameCalls(call) ? (
          <details data-testid="parsed-calls">
            <summary>Calls as parsed, before coercion and defaults</summary>
            <pre>{prettyJson(call.parsedCalls)}</pre>
          </details>
        ) : null}
        {call.insight ? <InsightBlock insight={call.insight} /> : null}
        <CallDetails conversationId={conversationId} callId={call.id} sentMessages={call.sentMessages} />
      </div>
    </details>
  );
}
