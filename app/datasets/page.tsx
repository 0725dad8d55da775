import Link from 'next/link';
import { listDatasetViews } from '../../lib/panel/datasets/datasets';
import { formatTime } from '../../lib/panel/format';
import { getPanel } from '../../lib/panel/runtime';
import { ImportDatasetForm } from './_components/import-dataset-form';
import '../agents/styles/agent-styles';
import './datasets.css';

export const metadata = { title: 'Datasets · Remora' };

export const dynamic = 'force-dynamic';

const NO_DATASETS =
  'No datasets yet. Import one below: a distil-labs JSONL file, a BFCL file, or the project’s own format (see';

export default async function DatasetsPage() {
  const panel = await getPanel();
  const datasets = listDatasetViews(panel);
  return (
    <>
      <div className="page-head">
        <h1>Datasets</h1>
        <span className="muted">cases with the calls expected of the model, for accuracy</span>
      </div>
      <section className="card" data-testid="dataset-list">
        {datasets.length === 0 ? (
          <p className="empty" data-testid="datasets-empty">
            {NO_DATASETS} <code>lib/datasets/README.md</code>).
          </p>
        ) : (
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th>Dataset</th>
                  <th>Format</th>
                  <th className="number">Cases</th>
                  <th>From</th>
                  <th>Changed (UTC)</th>
                </tr>
              </thead>
              <tbody>
                {datasets.map((dataset) => (
                  <tr key={dataset.id} data-testid="dataset-row" data-dataset={dataset.name}>
                    <td>
                      <Link href={`/datasets/${dataset.id}`} data-testid="dataset-link">
                        <strong>{dataset.name}</strong>
                      </Link>
                      {dataset.description ? <span className="sub">{dataset.description}</span> : null}
                    </td>
                    <td>{dataset.sourceFormat}</td>
                    <td className="number" data-testid="dataset-case-count">
                      {dataset.caseCount}
                    </td>
                    <td>
                      {dataset.sourceFile ? <code>{dataset.sourceFile}</code> : <span className="muted">pasted</span>}
                    </td>
                    <td>{formatTime(dataset.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <ImportDatasetForm />
    </>
  );
}
