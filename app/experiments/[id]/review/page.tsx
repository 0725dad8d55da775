// A review queue over a filtered conversation list (Langfuse's annotation queues): the next
// unreviewed conversation, the queue's label set to choose from, and how far the queue has got.
// A conversation is reviewed once it carries one of the queue's labels; all state is in the address.
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { NotFoundError } from '@/lib/errors';
import { conversationHref, conversationListHref, filterParams, hasFilters } from '@/lib/panel/conversations/query';
import { shortId } from '@/lib/panel/format';
import { getPanel } from '@/lib/panel/runtime';
import { reviewQueueHref, reviewQueueView, type ReviewQueueView } from '@/lib/panel/review/queue';
import { inputLabel } from '@/lib/panel/compare/labels';
import { OutcomeBadge, SimulatedBadge } from '@/app/components/status-badge';
import { TranscriptView } from '@/app/components/transcript/transcript-view';
import { FinalAnswer } from '@/app/components/transcript/transcript-text';
import { QueueActions } from './queue-actions';

export const dynamic = 'force-dynamic';

type SearchParams = Record<string, string | string[] | undefined>;

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return { title: `Review queue of experiment ${shortId(id)} · Remora` };
}

export default async function ReviewQueuePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { id } = await params;
  let view: ReviewQueueView;
  try {
    view = reviewQueueView(await getPanel(), id, await searchParams);
  } catch (error) {
    if (NotFoundError.is(error)) notFound();
    throw error;
  }
  const { experiment, filters, labels, state, current } = view;
  const filterText = [...filterParams(filters).entries()].map(([key, value]) => `${key} ${value}`).join(', ');
  return (
    <>
      <div className="crumbs">
        <Link href="/">Overview</Link> / <Link href={`/experiments/${id}`}>experiment {shortId(id)}</Link> /{' '}
        <Link href={conversationListHref(id, filters)}>conversations{hasFilters(filters) ? ' (filtered)' : ''}</Link> /
        review
      </div>
      <div className="page-head">
        <h1>Review queue</h1>
        {experiment.simulated ? <SimulatedBadge /> : null}
        <span className="muted">{filterText ? `conversations with ${filterText}` : 'every conversation'}</span>
      </div>
      <section className="card" data-testid="queue-progress-card">
        <p style={{ margin: 0 }} data-testid="queue-progress">
          {state.reviewed} of {state.total} reviewed
        </p>
        <progress value={state.reviewed} max={Math.max(1, state.total)} aria-label="reviewed so far" />
        <form method="get" style={{ display: 'flex', gap: 6, alignItems: 'end', flexWrap: 'wrap', marginTop: 8 }}>
          {[...filterParams(filters).entries()].map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <label>
            Label set (comma-separated; a conversation with any of them counts as reviewed)
            <input name="labels" defaultValue={labels.join(', ')} maxLength={600} data-testid="queue-labels" />
          </label>
          <button type="submit" className="secondary">
            Use these labels
          </button>
        </form>
      </section>
      {current ? (
        <section className="card" data-testid="queue-current" data-conversation={current.details.conversation.id}>
          <h2>
            {current.details.conversation.variantName} #{current.details.conversation.slot + 1}{' '}
            <OutcomeBadge outcome={current.details.conversation.outcome} />
          </h2>
          <p className="muted" style={{ marginTop: 0 }}>
            input {current.details.conversation.inputIndex + 1}: {inputLabel(current.details.conversation.input)} · task
            success:{' '}
            {current.details.conversation.taskSuccess === null
              ? '—'
              : current.details.conversation.taskSuccess
                ? 'yes'
                : 'no'}
            {current.review.labels.length > 0 ? ` · labels so far: ${current.review.labels.join(', ')}` : ''} ·{' '}
            <Link href={conversationHref(current.details.conversation.id, filters)} data-testid="queue-open">
              open the whole conversation
            </Link>
          </p>
          <QueueActions
            key={current.details.conversation.id}
            conversationId={current.details.conversation.id}
            labels={labels}
            initialNote={current.review.note}
            skipHref={reviewQueueHref(id, filters, labels, state.next)}
          />
        </section>
      ) : (
        <section className="card" data-testid="queue-done">
          <p style={{ margin: 0 }}>
            {state.total === 0 ? 'No conversation matches these filters.' : `All ${state.total} reviewed.`}{' '}
            <Link href={conversationListHref(id, filters)}>Back to the list</Link>
          </p>
        </section>
      )}
      {current ? (
        <>
          <FinalAnswer text={current.details.conversation.finalText} />
          <TranscriptView details={current.details} />
        </>
      ) : null}
    </>
  );
}
