// An experiment exported as CSV (one row per conversation), JSON (the experiment, its summary and
// its conversations) or JSONL (one full transcript a line). Each is a stream that reads one batch
// of conversations from SQLite when the client is ready for more, so a 100,000-conversation export
// never sits in memory whole and starts downloading at once.
import { getExperiment } from '../../db/queries/experiments';
import {
  listExportBatch,
  listTranscriptBatch,
  type ExportCursor,
  NO_CONVERSATIONS,
  type ExportFilter,
} from '../../db/queries/experiment-export';
import { experimentFilterCondition } from '../../db/queries/conversation-search';
import { hasFilters, type ConversationListFilters } from '../conversations/query';
import { searchFilters } from '../conversations/conversations';
import { datasetCasesOf } from '../../db/queries/experiment-cases';
import { NotFoundError } from '../../errors';
import type { PanelContext } from '../context';
import { getExperimentHeader, getExperimentView } from '../experiments/experiments';
import { CSV_COLUMNS, csvCells, csvLine } from './format';

export const EXPORT_FORMATS = ['csv', 'json', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type ExperimentExport = { filename: string; contentType: string; stream: ReadableStream<Uint8Array> };

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

/** `filters`: only the conversations the list shows under these filters (labels, text, tool, ...). */
export type ExportOptions = { batchSize?: number; filters?: ConversationListFilters };

/** The export's filter as SQL, or undefined for every conversation. */
function exportFilter(
  context: PanelContext,
  experimentId: string,
  filters: ConversationListFilters | undefined,
): ExportFilter | undefined {
  if (!filters || !hasFilters(filters)) return undefined;
  let variantIndex: number | undefined;
  if (filters.variant !== undefined) {
    variantIndex = getExperimentHeader(context, experimentId).variantNames.indexOf(filters.variant);
    if (variantIndex < 0) return NO_CONVERSATIONS;
  }
  return (
    experimentFilterCondition(context.database, experimentId, searchFilters(filters, variantIndex)) ?? NO_CONVERSATIONS
  );
}

/**
 * A stream of text chunks: `start` first, then one chunk per batch that `next` returns (an empty
 * batch ends it), then `end`. A failure while reading ends the stream with that error.
 */
function textStream(start: () => string, next: () => string | null, end: () => string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(start()));
        return;
      }
      const chunk = next();
      if (chunk === null) {
        const tail = end();
        if (tail !== '') controller.enqueue(encoder.encode(tail));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(chunk));
    },
  });
}

/** Walks an experiment's conversations batch by batch, in variant and slot order. */
function batches<Item extends { variantIndex: number; slot: number }>(
  read: (cursor: ExportCursor | null) => Item[],
): () => Item[] | null {
  let cursor: ExportCursor | null = null;
  let finished = false;
  return () => {
    if (finished) return null;
    const batch = read(cursor);
    if (batch.length === 0) {
      finished = true;
      return null;
    }
    const last = batch[batch.length - 1];
    cursor = { variantIndex: last.variantIndex, slot: last.slot };
    return batch;
  };
}

function filenameBase(experimentId: string): string {
  return `remora-experiment-${experimentId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export function exportExperiment(
  context: PanelContext,
  experimentId: string,
  format: ExportFormat,
  options: ExportOptions = {},
): ExperimentExport {
  const row = getExperiment(context.database, experimentId);
  if (!row) throw new NotFoundError(`no experiment with id ${experimentId}`);
  const caseKeys = datasetCasesOf(context.database, experimentId, row.config)?.cases.map((entry) => entry.key) ?? [];
  const database = context.database;
  const base = filenameBase(experimentId);
  const filter = exportFilter(context, experimentId, options.filters);

  if (format === 'csv') {
    const next = batches((cursor) => listExportBatch(database, experimentId, cursor, options.batchSize ?? 500, filter));
    const stream = textStream(
      // A byte-order mark, so that spreadsheet programs read the text as UTF-8.
      () => `\uFEFF${csvLine([...CSV_COLUMNS])}`,
      () =>
        next()
          ?.map((conversation) =>
            csvLine(csvCells(conversation, caseKeys[conversation.inputIndex] ?? null, row.simulated)),
          )
          .join('') ?? null,
      () => '',
    );
    return { filename: `${base}-conversations.csv`, contentType: CONTENT_TYPES.csv, stream };
  }

  if (format === 'jsonl') {
    const next = batches((cursor) =>
      listTranscriptBatch(database, experimentId, cursor, options.batchSize ?? 100, filter).map((transcript) => ({
        ...transcript,
        variantIndex: transcript.conversation.variantIndex,
        slot: transcript.conversation.slot,
      })),
    );
    const stream = textStream(
      () => '',
      () =>
        next()
          ?.map(({ variantIndex: _variantIndex, slot: _slot, ...transcript }) => {
            const caseKey = caseKeys[transcript.conversation.inputIndex] ?? null;
            return `${JSON.stringify({ ...transcript, caseKey, simulated: row.simulated })}\n`;
          })
          .join('') ?? null,
      () => '',
    );
    return { filename: `${base}-transcripts.jsonl`, contentType: CONTENT_TYPES.jsonl, stream };
  }

  // JSON: the experiment as the API shows it (settings, summary), then its conversations.
  const view = getExperimentView(context, experimentId);
  const { summary, ...experiment } = view;
  const next = batches((cursor) => listExportBatch(database, experimentId, cursor, options.batchSize ?? 500, filter));
  let first = true;
  const stream = textStream(
    () => `{"experiment":${JSON.stringify(experiment)},"summary":${JSON.stringify(summary)},"conversations":[`,
    () => {
      const batch = next();
      if (!batch) return null;
      const text = batch
        .map((conversation) => JSON.stringify({ ...conversation, caseKey: caseKeys[conversation.inputIndex] ?? null }))
        .join(',');
      const chunk = first ? text : `,${text}`;
      first = false;
      return chunk;
    },
    () => ']}\n',
  );
  return { filename: `${base}.json`, contentType: CONTENT_TYPES.json, stream };
}
