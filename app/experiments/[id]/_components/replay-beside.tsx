// A replay experiment's page: the original conversation beside its replays, turn by turn from the
// turn they start at (a replay's turn 1 is the original's turn N), each with its outcome and a link
// to read the original and that replay side by side in full.
import Link from 'next/link';
import type { TurnFacts } from '@/lib/panel/compare/align';
import type { ConversationDetails } from '@/lib/panel/conversations/conversations';
import type { ReplayBeside as ReplayBesideView } from '@/lib/panel/replay/beside';
import { OutcomeBadge } from '@/app/components/status-badge';
import { factsOf, Side } from '@/app/compare/pair/turn-table';

export function ReplayBeside({ view }: { view: ReplayBesideView }) {
  const { fromTurn, original, replays } = view;
  const originalTurns = factsOf(original).filter((facts) => facts.turn >= fromTurn);
  const replayTurns = replays.map(factsOf);
  const last = Math.max(
    fromTurn,
    ...originalTurns.map((facts) => facts.turn),
    ...replayTurns.map((turns) => fromTurn + turns.length - 1),
  );
  const pairHref = (replay: ConversationDetails) =>
    `/compare/pair?${new URLSearchParams({ a: original.conversation.id, b: replay.conversation.id })}`;
  const turns = Array.from({ length: last - fromTurn + 1 }, (_, index) => fromTurn + index);
  const at = (facts: TurnFacts[], turn: number) => facts.find((candidate) => candidate.turn === turn) ?? null;
  return (
    <section className="card" data-testid="replay-beside">
      <div className="card-head">
        <h2>The original beside its replays</h2>
        <span className="muted">from turn {fromTurn}; every message before it was sent as it was</span>
      </div>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th className="number">Turn</th>
              <th data-testid="replay-beside-original">
                <Link href={`/conversations/${original.conversation.id}`}>Original</Link>{' '}
                <OutcomeBadge outcome={original.conversation.outcome} />
              </th>
              {replays.map((replay, index) => (
                <th key={replay.conversation.id} data-testid="replay-beside-replay">
                  <Link href={`/conversations/${replay.conversation.id}`}>Replay {index + 1}</Link>{' '}
                  <OutcomeBadge outcome={replay.conversation.outcome} />{' '}
                  <Link href={pairHref(replay)} data-testid="replay-beside-pair">
                    side by side
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {turns.map((turn) => (
              <tr key={turn} data-testid="replay-beside-turn">
                <td className="number">{turn}</td>
                <td>
                  <Side facts={at(originalTurns, turn)} />
                </td>
                {replayTurns.map((facts, index) => (
                  <td key={replays[index].conversation.id}>
                    {/* The replay numbers its own turns from 1. */}
                    <Side facts={facts[turn - fromTurn] ?? null} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {view.more > 0 ? (
        <p className="muted">{view.more} more replay(s) are in the experiment&apos;s conversation list.</p>
      ) : null}
    </section>
  );
}
