// What a response's tokens tell when logprobs were asked for: the model's raw output (control
// tokens included), its probability for each tool name it wrote and the names it nearly wrote, and
// the values the server's tool parser lost.
import type { ResponseInsight } from '@/lib/parsing/logprobs';
import { LongText, valueText } from './transcript-text';
import styles from './transcript.module.css';

function percent(probability: number): string {
  if (!Number.isFinite(probability)) return '—';
  return probability >= 0.999 && probability < 1 ? '>99.9%' : `${(probability * 100).toFixed(1)}%`;
}

export function InsightBlock({ insight }: { insight: ResponseInsight }) {
  return (
    <div className={styles.confidence} data-testid="response-insight">
      {insight.lostValues.length > 0 ? (
        <div className={styles.lost} data-testid="lost-values">
          <strong>The server&apos;s parsed arguments lost values that the raw output holds</strong>
          <ul className={styles.callList}>
            {insight.lostValues.map((lost, index) => (
              <li key={index}>
                <code>{lost.name}</code> · <code>{lost.key}</code>: the model wrote{' '}
                <code>{valueText(lost.rawValue)}</code>,{' '}
                {lost.kind === 'missing' ? (
                  'the parsed call has no such argument'
                ) : (
                  <>
                    the parsed call holds <code>{valueText(lost.serverValue)}</code>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {insight.toolNames.length > 0 ? (
        <div data-testid="tool-name-confidence">
          <div className={styles.subhead}>Tool-name confidence</div>
          <table>
            <thead>
              <tr>
                <th>Call</th>
                <th className="number">Probability</th>
                <th>Runner-up names</th>
              </tr>
            </thead>
            <tbody>
              {insight.toolNames.map((entry) => (
                <tr key={entry.call}>
                  <td>
                    <code>{entry.name}</code>
                  </td>
                  <td className="number">
                    <span className={styles.meter} aria-hidden>
                      <span
                        className={styles.meterFill}
                        style={{ width: `${Math.max(0, Math.min(1, entry.probability)) * 100}%` }}
                      />
                    </span>
                    <span data-testid="name-probability">{percent(entry.probability)}</span>
                  </td>
                  <td data-testid="runner-ups">
                    {entry.runnerUps.length === 0 ? (
                      <span className="muted">none reported</span>
                    ) : (
                      entry.runnerUps.map((runnerUp, index) => (
                        <div key={index}>
                          {runnerUp.names.length > 0 ? (
                            runnerUp.names.map((name) => <code key={name}>{name} </code>)
                          ) : (
                            <code>{JSON.stringify(runnerUp.token)}</code>
                          )}{' '}
                          <span className="muted">{percent(runnerUp.probability)}</span>
                        </div>
                      ))
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="muted">The raw output names no tool.</div>
      )}
      <details data-testid="raw-output">
        <summary>Raw output rebuilt from {insight.tokenCount} tokens</summary>
        <LongText text={insight.rawOutput} />
      </details>
    </div>
  );
}
