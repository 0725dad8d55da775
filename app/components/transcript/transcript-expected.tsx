// A dataset case's expected call beside the call the model made: every argument in a row with the
// values accepted and the value given, and each difference the scoring found marked with its reason.
import type { ConversationCase } from '@/lib/db/queries/accuracy';
import type { ArgumentComparison, CallComparison, ExpectedActualView } from '@/lib/panel/conversations/expected';
import { valueText } from './transcript-text';
import styles from './transcript.module.css';

const STATE_TEXT: Record<ExpectedActualView['state'], string> = {
  right: 'right',
  wrong: 'wrong',
  not_scored: 'not scored',
};

const STATUS_TEXT: Record<ArgumentComparison['status'], string> = {
  right: '✓ accepted',
  absent: '✓ optional, absent',
  missing: '✗ missing',
  unexpected: '✗ not expected',
  wrong_type: '✗ wrong type',
  wrong_value: '✗ wrong value',
  not_compared: '—',
};

const CALL_TEXT: Record<CallComparison['status'], string> = {
  right: 'right call',
  wrong_tool: 'wrong tool',
  wrong_arguments: 'wrong arguments',
  unreadable_arguments: 'unreadable arguments',
  missing_call: 'expected call not made',
  extra_call: 'call not expected',
  unexpected_call: 'no call was expected',
};

function accepted(argument: ArgumentComparison): string {
  if (argument.accepted === null) return '(not expected)';
  if (argument.accepted.length === 0) return '(must be absent)';
  return argument.accepted.map(valueText).join('  or  ') + (argument.optional ? '  (optional)' : '');
}

function differs(argument: ArgumentComparison): boolean {
  return argument.status !== 'right' && argument.status !== 'absent' && argument.status !== 'not_compared';
}

function CallRows({ call, index }: { call: CallComparison; index: number }) {
  const nameDiffers = call.expectedName !== null && call.calledName !== null && call.expectedName !== call.calledName;
  return (
    <div data-testid="expected-call" data-status={call.status}>
      <div className={styles.callHead}>
        <span className="muted">#{index + 1}</span>
        <span>
          expected{' '}
          <code
            className={nameDiffers || call.calledName === null ? styles.mismatch : undefined}
            data-testid="expected-name"
          >
            {call.expectedName ?? '(no call)'}
          </code>
        </span>
        <span>
          called{' '}
          <code
            className={nameDiffers || call.expectedName === null ? styles.mismatch : undefined}
            data-testid="actual-name"
          >
            {call.calledName ?? '(no call)'}
          </code>
        </span>
        <span className={call.status === 'right' ? `badge valid` : `badge invalid`}>{CALL_TEXT[call.status]}</span>
      </div>
      {call.messages.map((message, messageIndex) => (
        <div key={messageIndex} className={styles.reason}>
          {message}
        </div>
      ))}
      {call.arguments.length > 0 ? (
        <div className="table-scroll">
          <table className={styles.compareTable}>
            <thead>
              <tr>
                <th>Argument</th>
                <th>Expected</th>
                <th>Actual</th>
              </tr>
            </thead>
            <tbody>
              {call.arguments.map((argument) => (
                <tr
                  key={argument.name}
                  className={differs(argument) ? styles.differs : undefined}
                  data-testid="argument-row"
                  data-status={argument.status}
                >
                  <td>{argument.name}</td>
                  <td>{accepted(argument)}</td>
                  <td>
                    <span className={differs(argument) ? styles.mismatch : undefined}>
                      {argument.given ? valueText(argument.actual) : '(absent)'}
                    </span>
                    <div className={styles.status}>{STATUS_TEXT[argument.status]}</div>
                    {argument.message ? <div className={styles.reason}>{argument.message}</div> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

export function ExpectedVersusActual({
  view,
  datasetCase,
}: {
  view: ExpectedActualView;
  datasetCase: ConversationCase;
}) {
  return (
    <section className={`card ${styles.expected}`} data-testid="expected-vs-actual" data-state={view.state}>
      <div className="card-head">
        <h2>Expected and actual</h2>
        <span
          className={`badge ${view.state === 'right' ? 'valid' : view.state === 'wrong' ? 'invalid' : 'no_tool_call'}`}
          data-testid="verdict"
        >
          {STATE_TEXT[view.state]}
        </span>
        <span className="muted">
          case <code>{datasetCase.caseKey ?? datasetCase.caseId ?? '?'}</code>
          {view.turn !== null ? ` · scored on the response of turn ${view.turn}` : ''}
        </span>
      </div>
      {view.messages.map((message, index) => (
        <p key={index} className="note">
          {message}
        </p>
      ))}
      {view.kind === 'no_call' && view.calls.length === 0 && view.state === 'right' ? (
        <p data-testid="no-call-right">No call was expected (an irrelevant request), and none was made.</p>
      ) : null}
      {view.calls.map((call, index) => (
        <CallRows key={index} call={call} index={index} />
      ))}
    </section>
  );
}
