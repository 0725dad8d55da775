// GET /api/experiments/:id/training-data?format=native|openai[&variant&outcome&allConversations&taskSuccess&template]:
// fine-tuning data as a JSONL file (lib/export/README.md).
import { z } from 'zod';
import { apiRoute } from '@/lib/http/api-route';
import { IdParams, readParams, readQuery } from '@/lib/http/read-request';
import { exportTrainingData } from '@/lib/export/export-data';
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

export const GET = apiRoute(async (request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await readParams(context.params, IdParams);
  const query = readQuery(request, TrainingDataQuery);
  const outcomes = query.outcome
    ? z.array(z.enum(OUTCOMES as [string, ...string[]])).parse(query.outcome.split(','))
    : undefined;
  const panel = await getPanel();
  const result = exportTrainingData(
    panel.database,
    {
      experimentId: id,
      variant: query.variant,
      outcomes: outcomes as never,
      allCallsValid: query.allConversations !== 'true',
      taskSuccess:
        query.taskSuccess === undefined || query.taskSuccess === 'any'
          ? query.taskSuccess
          : query.taskSuccess === 'true',
    },
    query.format,
    { template: query.template },
  );
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
