import { DatasetImport, DatasetList } from '@/lib/api/datasets';
import { apiRoute, json } from '@/lib/http/api-route';
import { importDatasetText, listDatasetViews } from '@/lib/panel/datasets/datasets';
import { checkDatasetFileSize, ImportDatasetRequest, readLargeJsonBody } from '@/lib/panel/datasets/requests';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  async () => {
    const panel = await getPanel();
    return json({ datasets: listDatasetViews(panel) });
  },
  { response: DatasetList },
);

/**
 * Imports a dataset file: 201 with the set (200 when the same cases were already stored under
 * that name), or 400 with every refused line (`lines: [{line, reason}]`) and nothing stored.
 */
export const POST = apiRoute(
  async (request) => {
    const body = await readLargeJsonBody(request, ImportDatasetRequest);
    checkDatasetFileSize(body);
    const panel = await getPanel();
    const result = importDatasetText(panel, body);
    if (!result.ok) {
      return json(
        {
          error: 'the file was refused; nothing was imported',
          format: result.format,
          reasons: result.problems.map((problem) =>
            problem.line > 0 ? `line ${problem.line}: ${problem.reason}` : problem.reason,
          ),
          lines: result.problems,
        },
        400,
      );
    }
    return json(result, result.reused ? 200 : 201);
  },
  { response: DatasetImport },
);
