import Link from 'next/link';
import { getConversationPair, type ConversationPair } from '@/lib/panel/compare/pair';
import { compareHref, PairQuery } from '@/lib/panel/compare/request';
import { pairSentence } from '@/lib/panel/compare/verdict-sentence';
import type { ConversationDetails } from '@/lib/panel/conversations/conversations';
import { formatMilliseconds, shortId } from '@/lib/panel/format';
import { NotFoundError } from '@/lib/errors';
import { getPanel } from '@/lib/panel/runtime';
import { OutcomeBadge, SimulatedBadge } from '../../components/status-badge';
import { ExpectedVersusActual } from '../../components/transcript/transcript-expected';
import { TranscriptView } from '../../components/transcript/transcript-view';
import { KnowledgeAtEnd } from '../../components/transcript/knowledge-changes';
import { FinalAnswer } from '../../components/transcript/transcript-text';
import { WorkspaceChanges } from '../../components/transcript/transcript-workspace';
import { SideTag } from '../side-card';
import { TurnTable } from './turn-table';
import styles from '../compare.module.css';
import { notFound } from 'next/navigation';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Side by side · Remora' };

type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function verdictSentence(pair: ConversationPair): string {
  const side = (details: ConversationDetails) => ({
    outcome: details.conversation.outcome,
    turns: details.conversation.modelResponseCount,
  });
  return pairSentence(pair, side(pair.a), side(pair.b));
}

function Column({ details, which }: { details: ConversationDetails; which: 'a' | 'b' }) {
  const { conversation, experiment } = details;
  return (
    <div className={styles.column} data-testid={`pair-${which}`}>
      <div className={styles.columnHead}>
        <div className={styles.side} data-side={which}>
          <div>
            <SideTag side={which} />
            <strong>{conversation.variantName}</strong> <OutcomeBadge outcome={conversation.outcome} />{' '}
            {experiment.simulated ? <SimulatedBadge /> : null}
          </div>
          <div className={styles.sideFacts}>
            <Link href={`/conversations/${conversation.id}`}>conversation #{conversation.slot}</Link> ·{' '}
            {experiment.agentName} ·{' '}
            <Link href={`/experiments/${experiment.id}`}>experiment {shortId(experiment.id)}</Link>
            <br />
            {conversation.modelResponseCount} model responses · {conversation.toolCallCount} tool calls ·{' '}
            {formatMilliseconds(conversation.durationMs)}
          </div>
        </div>
      </div>
      {conversation.error ? <div className="error-box">{conversation.error}</div> : null}
      {details.expected && details.datasetCase ? (
        <ExpectedVersusActual view={details.expected} datasetCase={details.datasetCase} />
      ) : null}
      <FinalAnswer text={conversation.finalText} />
      <TranscriptView details={details} />
      <KnowledgeAtEnd knowledge={conversation.knowledge} testId="pair-knowledge" />
      <WorkspaceChanges diff={details.diff} changedFiles={conversation.changedFiles} />
    </div>
  );
}

export default async function PairPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const search = await searchParams;
  const parsed = PairQuery.safeParse({ a: first(search.a), b: first(search.b) });
  if (!parsed.success) {
    return (
      <div className="error-box" data-testid="pair-error">
        Name the two conversations to show: /compare/pair?a=CONVERSATION_ID&amp;b=CONVERSATION_ID
      </div>
    );
  }
  const panel = await getPanel();
  let pair: ConversationPair;
  try {
    pair = getConversationPair(panel, parsed.data.a, parsed.data.b);
  } catch (error) {
    if (NotFoundError.is(error)) notFound();
    throw error;
  }
  const back = compareHref(
    { experimentId: pair.a.experiment.id, variant: pair.a.conversation.variantName },
    { experimentId: pair.b.experiment.id, variant: pair.b.conversation.variantName },
  );
  const sameVariant =
    pair.a.experiment.id === pair.b.experiment.id &&
    pair.a.conversation.variantIndex === pair.b.conversation.variantIndex;
  return (
    <>
      <div className="crumbs">
        <Link href="/">Overview</Link> / {sameVariant ? 'compare' : <Link href={back}>compare</Link>} / side by side
      </div>
      <div className="page-head">
        <h1>Side by side</h1>
      </div>
      <p className={styles.verdictLine} data-testid="pair-verdict" data-verdict={pair.verdict}>
        {verdictSentence(pair)}
      </p>
      {pair.sameInput ? null : (
        <p className="note" data-testid="different-inputs">
          These two conversations ran different inputs.
        </p>
      )}
      <TurnTable a={pair.a} b={pair.b} />
      <div className={styles.columns}>
        <Column details={pair.a} which="a" />
        <Column details={pair.b} which="b" />
      </div>
    </>
  );
}
