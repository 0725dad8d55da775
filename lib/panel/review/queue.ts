// The review queue page's data: a filtered conversation list worked through one conversation at a
// time (next unreviewed, a label set to choose from, progress), all of it read from the address.
import { MAX_LABEL_LENGTH } from '../../db/queries/conversation-review';
import { reviewQueueState, type ReviewQueueState } from '../../db/queries/review-queue';
import { getConversationDetails, searchFilters, type ConversationDetails } from '../conversations/conversations';
import {
  filterParams,
  readConversationListRequest,
  readCursor,
  type ConversationListFilters,
} from '../conversations/query';
import type { ConversationCursor } from '../../db/queries/conversation-search';
import type { PanelContext } from '../context';
import { getExperimentHeader, type ExperimentHeader } from '../experiments/experiments';
import { readReview, SUGGESTED_LABELS } from './review';
import type { ConversationReview } from '../../db/queries/conversation-review';

const MAX_QUEUE_LABELS = 9;

type SearchParams = Record<string, string | string[] | undefined>;

export type ReviewQueueView = {
  experiment: ExperimentHeader;
  filters: ConversationListFilters;
  labels: string[];
  state: ReviewQueueState;
  /** The conversation to review now, with its labels and note so far. */
  current: { details: ConversationDetails; review: ConversationReview } | null;
};

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The queue's label set from `labels=a,b,c` (each trimmed, repeats and over-long ones left out);
 * the usual labels by default.
 */
function readQueueLabels(text: string | undefined): string[] {
  const labels = (text ?? '')
    .split(',')
    .map((label) => label.trim())
    .filter((label) => label.length > 0 && label.length <= MAX_LABEL_LENGTH);
  const unique = [...new Set(labels)].slice(0, MAX_QUEUE_LABELS);
  return unique.length > 0 ? unique : [...SUGGESTED_LABELS];
}

/** The queue's address: the list's filters, the label set, and where to look on from (after a skip). */
export function reviewQueueHref(
  experimentId: string,
  filters: ConversationListFilters,
  labels: string[] | null = null,
  after: ConversationCursor | null = null,
): string {
  const params = filterParams(filters);
  if (labels) params.set('labels', labels.join(','));
  if (after) params.set('after', `${after.variantIndex}.${after.slot}`);
  const query = params.toString();
  return `/experiments/${encodeURIComponent(experimentId)}/review${query ? `?${query}` : ''}`;
}

export function reviewQueueView(context: PanelContext, experimentId: string, search: SearchParams): ReviewQueueView {
  const experiment = getExperimentHeader(context, experimentId);
  const { filters } = readConversationListRequest(search);
  const labels = readQueueLabels(first(search.labels));
  const after = readCursor(first(search.after)) ?? null;
  const variantIndex = filters.variant === undefined ? undefined : experiment.variantNames.indexOf(filters.variant);
  const state =
    variantIndex === -1
      ? { total: 0, reviewed: 0, next: null }
      : reviewQueueState(context.database, experimentId, searchFilters(filters, variantIndex), labels, after);
  const current = state.next
    ? { details: getConversationDetails(context, state.next.id), review: readReview(context, state.next.id) }
    : null;
  return { experiment, filters, labels, state, current };
}
