import Link from 'next/link';
import { notFound } from 'next/navigation';
import { NotFoundError } from '@/lib/errors';
import {
  conversationNeighbours,
  getConversationDetails,
  type ConversationDetails,
} from '@/lib/panel/conversations/conversations';
import {
  conversationHref,
  conversationListHref,
  hasFilters,
  readConversationListRequest,
} from '@/lib/panel/conversations/query';
import { knowledgeSteps } from '@/lib/panel/conversations/knowledge';
import { readReview, SUGGESTED_LABELS } from '@/lib/panel/review/review';
import { ReviewPanel } from './review-panel';
import { ReviewKeys } from './review-keys';
import { prettyJson, shortId } from '@/lib/panel/format';
import { getPanel } from '@/lib/panel/runtime';
import { OutcomeBadge, SimulatedBadge } from '../../components/status-badge';
import { ExpectedVersusActual } from '../../components/transcript/transcript-expected';
import { TranscriptView } from '../../components/transcript/transcript-view';
import { FinalAnswer } from '../../components/transcript/transcript-text';
import { KnowledgeCard, WorkspaceChanges } from '../../components/transcript/transcript-workspace';

import { ReplayForm } from './replay-form';
import { CustomCheckCard } from './custom-check';
import { JudgeVerdictsCard } from './judge-verdicts';
import { conversationJudgeVerdicts } from '@/lib/db/queries/judge';
import { ConversationFacts } from './conversation-facts';
import { rerunSandboxNotice } from '@/lib/panel/replay/sandbox-notice';
import { replayDefaults } from '@/lib/replay/page-data';

export const dynamic = 'force-dynamic';

type SearchParams = Record<string, string | string[] | undefined>;

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const panel = await getPanel();
  try {
    const { conversation, experiment } = getConversationDetails(panel, id);
    return { title: `${experiment.agentName} · ${conversation.variantName} #${conversation.slot} · Remora` };
  } catch {
    return { title: 'Conversation · Remora' };
  }
}

export default async function ConversationPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { id } = await params;
  const { filters } = readConversationListRequest(await searchParams);
  const panel = await getPanel();
  let details: ConversationDetails;
  try {
    details = getConversationDetails(panel, id);
  } catch (error) {
    if (NotFoundError.is(error)) notFound();
    throw error;
  }
  const { conversation, experiment } = details;
  const replay = replayDefaults(panel.database, conversation.id);
  const neighbours = conversationNeighbours(panel, conversation, filters);
  const review = readReview(panel, conversation.id);
  const executions = details.timeline.turns.flatMap((turn) => turn.call.toolExecutions);
  const steps = knowledgeSteps(
    executions,
    (conversation.input as { knowledge?: Record<string, unknown> }).knowledge ?? {},
  );
  return (
    <>
      <div className="crumbs">
        <Link href="/">Overview</Link> /{' '}
        <Link href={`/experiments/${experiment.id}`}>experiment {shortId(experiment.id)}</Link> /{' '}
        <Link href={conversationListHref(experiment.id, filters)} data-testid="back-to-conversations">
          conversations{hasFilters(filters) ? ' (filtered)' : ''}
        </Link>{' '}
        / #{conversation.slot}
      </div>
      <div className="page-head">
        <h1>
          {experiment.agentName} · {conversation.variantName} #{conversation.slot}
        </h1>
        <OutcomeBadge outcome={conversation.outcome} />
        {experiment.simulated ? <SimulatedBadge /> : null}
      </div>
      <ReviewKeys
        previousHref={neighbours.previous ? conversationHref(neighbours.previous, filters) : null}
        nextHref={neighbours.next ? conversationHref(neighbours.next, filters) : null}
        position={hasFilters(filters) ? 'within the filtered list' : null}
      />
      <ConversationFacts details={details} />
      {conversation.error ? (
        <div className="error-box" data-testid="conversation-error">
          {conversation.error}
        </div>
      ) : null}
      {conversation.taskCheck ? (
        <section className="card" data-testid="task-check">
          <h2>Task success: {conversation.taskCheck.success ? 'yes' : 'no'}</h2>
          <p style={{ margin: 0 }}>
            <code>{conversation.taskCheck.check}</code> check: {conversation.taskCheck.reason}
          </p>
          {conversation.taskCheck.details ? <pre>{prettyJson(conversation.taskCheck.details)}</pre> : null}
        </section>
      ) : null}
      <CustomCheckCard check={conversation.customCheck} />
      <JudgeVerdictsCard verdicts={conversationJudgeVerdicts(panel.database, conversation.id)} />
      {details.expected && details.datasetCase ? (
        <ExpectedVersusActual view={details.expected} datasetCase={details.datasetCase} />
      ) : null}
      {conversation.result ? (
        <section className="card" data-testid="result">
          <h2>Result</h2>
          <pre>{prettyJson(conversation.result)}</pre>
        </section>
      ) : null}
      <FinalAnswer text={conversation.finalText} />
      <ReviewPanel
        key={conversation.id}
        conversationId={conversation.id}
        initial={review}
        suggested={SUGGESTED_LABELS}
      />
      <TranscriptView details={details} />
      {replay ? (
        <ReplayForm
          agentName={experiment.agentName}
          conversationId={conversation.id}
          turns={replay.turns}
          systemPrompt={replay.systemPrompt}
          temperature={replay.temperature}
          sandbox={rerunSandboxNotice(panel.database, experiment.id)}
        />
      ) : null}
      <WorkspaceChanges diff={details.diff} changedFiles={conversation.changedFiles} />
      <KnowledgeCard knowledge={conversation.knowledge} steps={steps} />
    </>
  );
}
