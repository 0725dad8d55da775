'use client';
// Import a dataset file (upload or paste). A file with any bad line is refused whole: the report
// lists each refused line with its number and reason, and nothing is stored.
import Link from 'next/link';
import { FailureBox } from '../../components/failure-box';
import { ImportReport, PasteField, SourceFields } from './import-dataset-parts';
import { useDatasetImport } from './use-dataset-import';

export function ImportDatasetForm() {
  const { fields, text, result, submit } = useDatasetImport();
  const { busy, refusal, failure, reused } = result;
  return (
    <section className="card" data-testid="import-dataset">
      <div className="card-head">
        <h2>Import a dataset</h2>
        <span className="muted">all or nothing: a file with a bad line is refused whole</span>
      </div>
      <SourceFields {...fields} />
      <PasteField {...text} />
      {refusal ? <ImportReport refusal={refusal} /> : null}
      {failure ? <FailureBox failure={failure} testId="dataset-import-error" /> : null}
      {reused ? (
        <p className="save-message" data-testid="dataset-reused">
          These cases are already stored as <Link href={`/datasets/${reused.dataset.id}`}>{reused.dataset.name}</Link>;
          nothing new was imported.
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          onClick={submit}
          disabled={busy || text.text.trim() === '' || fields.name.trim() === ''}
          data-testid="dataset-import"
        >
          {busy ? 'Importing…' : 'Import'}
        </button>
      </div>
    </section>
  );
}
