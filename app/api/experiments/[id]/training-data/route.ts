// GET /api/experiments/:id/training-data?format=native|openai[&variant&outcome&allConversations&taskSuccess&template]:
// fine-tuning data as a JSONL file (lib/export/README.md). HEAD with the same query: only how many
// conversations match (x-remora-conversations) and the selection in words, for the export dialog.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { IdParams, readParams, readQuery } from '@/lib/http/read-request';
import { countTrainingConversations, exportTrainingData } from '@/lib/export/export-data';
import type { TrainingSelection } from '@/lib/db/queries/training-selection';
import { NATIVE_TEMPLATES } from '@/lib/export/training-data';
import { OUTCOMES } from '@/lib/runner/types';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

const TrainingDataQuery = z
  .object({
    format: z.enum(['native', 'openai']),
    variant: z.string().min(1).optional(),
    outcome: z.string().optional(),
    allConversations: z.enum(['true', 'false']).optional(),
    taskSuccess: z.enum(['true', 'false', 'any']).optional(),
    template: z.enum(NATIVE_TEMPLATES).optional(),
  })
  .strict();

type RouteContext = { params: Promise<{ id: string }> };

async function readSelection(
  request: Request,
  context: RouteContext,
): Promise<{ selection: TrainingSelection; query: z.infer<typeof TrainingDataQuery>; id: string }> {
  const { id } = await readParams(context.params, IdParams);
  const query = readQuery(request, TrainingDataQuery);
  const outcomes = query.outcome
    ? z.array(z.enum(OUTCOMES as [string, ...string[]])).parse(query.outcome.split(','))
    : undefined;
  const selection: TrainingSelection = {
    experimentId: id,
    variant: query.variant,
    outcomes: outcomes as never,
    allCallsValid: query.allConversations !== 'true',
    taskSuccess:
      query.taskSuccess === undefined || query.taskSuccess === 'any' ? query.taskSuccess : query.taskSuccess === 'true',
  };
  return { selection, query, id };
}

export const HEAD = apiRoute(async (request, context: RouteContext) => {
  const { selection } = await readSelection(request, context);
  const panel = await getPanel();
  const count = countTrainingConversations(panel.database, selection);
  return new Response(null, {
    status: 200,
    headers: {
      'cache-control': 'no-store',
      'x-remora-conversations': String(count.conversations),
      // Header values are Latin-1: the words are ASCII, encoded anyway so that a variant name cannot break them.
      'x-remora-selection': encodeURIComponent(count.selection),
    },
  });
});

export const GET = apiRoute(async (request, context: RouteContext) => {
  const { selection, query, id } = await readSelection(request, context);
  const panel = await getPanel();
  const result = exportTrainingData(panel.database, selection, query.format, { template: query.template });
  return new Response(result.lines.map((line) => `${line}\n`).join(''), {
    status: 200,
    headers: {
      'content-type': 'application/jsonl; charset=utf-8',
      'content-disposition': `attachment; filename="${id}-${query.format}.jsonl"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-remora-examples': String(result.examples),
      'x-remora-skipped': String(result.skipped.length),
      'x-remora-conversations': String(result.conversations),
    },
  });
});
