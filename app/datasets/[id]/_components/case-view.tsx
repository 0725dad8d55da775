// One case as text: the conversation so far (or the template variables), what is expected next,
// the tools it declares, its note. Model-facing text is shown as text, never as HTML.
import type { CaseMessage } from '@/lib/datasets/case';
import type { Expectation } from '@/lib/protocol/expectation';
import type { StoredCase } from '@/lib/db/queries/datasets';

function callArguments(raw: unknown): string {
  if (raw === undefined) return '{}';
  return typeof raw === 'string' ? raw : JSON.stringify(raw);
}

function MessageView({ message }: { message: CaseMessage }) {
  const content = 'content' in message && typeof message.content === 'string' ? message.content : '';
  const calls = message.role === 'assistant' ? (message.tool_calls ?? []) : [];
  return (
    <div className={`case-message ${message.role}`} data-testid="case-message" data-role={message.role}>
      <span className="case-role">{message.role}</span>
      <div className="case-message-body">
        {content ? <pre>{content}</pre> : null}
        {calls.map((call, index) => (
          <pre key={index} className="case-call">
            {call.function.name}({callArguments(call.function.arguments)})
          </pre>
        ))}
        {!content && calls.length === 0 ? <span className="muted">(empty)</span> : null}
      </div>
    </div>
  );
}

export function InputView({ input }: { input: StoredCase['input'] }) {
  if ('messages' in input) {
    return (
      <div className="case-input" data-testid="case-input">
        {input.messages.map((message, index) => (
          <MessageView key={index} message={message} />
        ))}
      </div>
    );
  }
  const { node_text: nodeText, ...others } = input.variables;
  return (
    <div className="case-input" data-testid="case-input">
      <div className="case-variables">
        {Object.entries(others)
          .filter(([, value]) => value !== null && value !== undefined)
          .map(([key, value]) => (
            <span key={key} className="chip">
              {key}: {String(value)}
            </span>
          ))}
      </div>
      <pre className="case-node-text">{nodeText}</pre>
    </div>
  );
}

export function expectationLabel(expect: Expectation | null): string {
  if (expect === null) return 'not scored';
  if (expect.kind === 'no_call') return 'expects no call';
  return expect.calls.length === 1 ? 'expects a call' : `expects ${expect.calls.length} calls, any order`;
}

export function ExpectationView({ expect }: { expect: Expectation | null }) {
  if (expect === null) return <p className="muted small-text">Nothing expected: the case runs but is not scored.</p>;
  if (expect.kind === 'no_call')
    return (
      <p className="small-text" data-testid="expected-no-call">
        No call: an irrelevant request, right only when the model calls no tool.
      </p>
    );
  return (
    <div className="expected-calls">
      {expect.calls.map((call, index) => (
        <div key={index} className="expected-call" data-testid="expected-call" data-tool={call.name}>
          <code className="expected-name">{call.name}</code>
          {Object.keys(call.arguments).length === 0 ? (
            <span className="muted small-text"> with no arguments</span>
          ) : (
            <table className="expected-arguments">
              <tbody>
                {Object.entries(call.arguments).map(([name, values]) => (
                  <tr key={name} data-testid="expected-argument" data-argument={name}>
                    <td>
                      <code>{name}</code>
                      {call.optional.includes(name) ? <span className="chip">optional</span> : null}
                    </td>
                    <td>
                      {values.length === 0 ? (
                        <span className="muted">must be absent</span>
                      ) : (
                        <span className="chips">
                          {values.map((value, valueIndex) => (
                            <span key={valueIndex} className="chip value" data-testid="accepted-value">
                              {JSON.stringify(value)}
                            </span>
                          ))}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      ))}
    </div>
  );
}
