// The two conversations turn by turn, one row per turn, with the differences named and the first
// turn where they part marked, so that a reader sees where to look before reading both in full.
import { alignTurns, type TurnFacts } from '@/lib/panel/compare/align';
import type { ConversationDetails } from '@/lib/panel/conversations/conversations';
import { PathMark } from '@/app/components/category-mark';

export function factsOf(details: ConversationDetails): TurnFacts[] {
  return details.timeline.turns.map(({ call }) => ({
    turn: call.turn,
    status: call.status === 'ok' ? 'ok' : 'error',
    parsePath: call.parsePath,
    calls: call.calls.map((made) => ({ name: made.name, arguments: made.arguments })),
    results: call.toolExecutions.map((execution) => ({
      toolName: execution.toolName,
      outcome: execution.outcome,
      result: execution.result ?? null,
      error: execution.error ?? null,
    })),
  }));
}

export function Side({ facts }: { facts: TurnFacts | null }) {
  if (!facts) return <span className="muted">(ended before)</span>;
  return (
    <>
      <PathMark path={facts.parsePath} />{' '}
      {facts.calls.length === 0 ? (
        <span className="muted">no call</span>
      ) : (
        facts.calls.map((call, index) => <code key={index}>{`${call.name}(${JSON.stringify(call.arguments)})`}</code>)
      )}
      {facts.results.length > 0 ? (
        <span className="sub">{facts.results.map((result) => `${result.toolName}: ${result.outcome}`).join(', ')}</span>
      ) : null}
    </>
  );
}

export function TurnTable({ a, b }: { a: ConversationDetails; b: ConversationDetails }) {
  const alignment = alignTurns(factsOf(a), factsOf(b));
  const divergence = alignment.firstDivergence;
  return (
    <section className="card" data-testid="pair-turns" data-first-divergence={alignment.firstDivergence ?? ''}>
      <h2 style={{ marginTop: 0 }}>Turn by turn</h2>
      <p data-testid="pair-divergence">
        {divergence === null
          ? 'The two conversations do the same at every turn.'
          : `They part at turn ${divergence}: ${alignment.turns[divergence - 1].differences.join(', ')}.`}
      </p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th className="number">Turn</th>
              <th>A</th>
              <th>B</th>
              <th>Differs in</th>
            </tr>
          </thead>
          <tbody>
            {alignment.turns.map((turn) => (
              <tr
                key={turn.turn}
                data-testid="pair-turn"
                data-diverges={String(turn.differences.length > 0)}
                className={turn.differences.length > 0 ? 'diverges' : undefined}
              >
                <td className="number">{turn.turn}</td>
                <td>
                  <Side facts={turn.a} />
                </td>
                <td>
                  <Side facts={turn.b} />
                </td>
                <td>
                  {turn.differences.length === 0 ? (
                    <span className="muted">same</span>
                  ) : (
                    <strong>{turn.differences.join(', ')}</strong>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
