'use client';
// Import a dataset file (upload or paste). A file with any bad line is refused whole: the report
// lists each refused line with its number and reason, and nothing is stored.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type ChangeEvent } from 'react';
import type { LineProblem } from '@/lib/datasets/formats';
import { LIMITS } from '@/lib/protocol/limits';
import type { DatasetImportResult } from '@/lib/panel/datasets/datasets';
import { callApi, type ApiFailure } from '../../components/api-client';
import { FailureBox } from '../../components/failure-box';

type Refusal = { message: string; format: string | null; lines: LineProblem[] };

// A file larger than this is imported as read but not put in the text box: a browser text box
// holding tens of megabytes makes the page crawl.
const SHOWN_CHARS = 1024 * 1024;
type Imported = Extract<DatasetImportResult, { ok: true }>;

export function ImportDatasetForm() {
  const router = useRouter();
  const [name, setName] = useState('');
  const [format, setFormat] = useState('auto');
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [answers, setAnswers] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [reused, setReused] = useState<Imported | null>(null);

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    if (name.trim() === '') setName(file.name.replace(/\.(jsonl|json|txt)$/i, ''));
    setText(await file.text());
  };

  const readAnswers = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setAnswers(file ? await file.text() : null);
  };

  const submit = async () => {
    setBusy(true);
    setRefusal(null);
    setFailure(null);
    setReused(null);
    const body = {
      name,
      format,
      text,
      ...(fileName ? { sourceFile: fileName } : {}),
      ...(answers !== null && format === 'bfcl' ? { answers } : {}),
    };
    const answer = await callApi<Imported>('/api/datasets', { body });
    setBusy(false);
    if (answer.ok) {
      if (answer.status === 201) router.push(`/datasets/${answer.body.dataset.id}`);
      else setReused(answer.body);
      return;
    }
    const report = reportOf(answer.body);
    if (report) setRefusal({ message: answer.message, ...report });
    else setFailure(answer);
  };

  return (
    <section className="card" data-testid="import-dataset">
      <div className="card-head">
        <h2>Import a dataset</h2>
        <span className="muted">all or nothing: a file with a bad line is refused whole</span>
      </div>
      <div className="form-grid">
        <div>
          <label htmlFor="dataset-file">File</label>
          <input
            id="dataset-file"
            type="file"
            accept=".jsonl,.json,.txt"
            onChange={readFile}
            data-testid="dataset-file"
          />
          <div className="field-hint" data-testid="dataset-size-limit">
            {fileName ? `read ${fileName}; ` : ''}up to {LIMITS.datasetUploadBytes.max / (1024 * 1024)} MB
          </div>
        </div>
        <div>
          <label htmlFor="dataset-name">Name</label>
          <input
            id="dataset-name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            data-testid="dataset-name"
          />
        </div>
        <div>
          <label htmlFor="dataset-format">Format</label>
          <select
            id="dataset-format"
            value={format}
            onChange={(event) => setFormat(event.target.value)}
            data-testid="dataset-format"
          >
            <option value="auto">tell from the first line</option>
            <option value="distil">distil-labs JSONL</option>
            <option value="bfcl">BFCL</option>
            <option value="remora">Remora JSONL</option>
          </select>
        </div>
        {format === 'bfcl' ? (
          <div>
            <label htmlFor="dataset-answers">BFCL possible answers (optional)</label>
            <input
              id="dataset-answers"
              type="file"
              accept=".jsonl,.json"
              onChange={readAnswers}
              data-testid="dataset-answers"
            />
            <div className="field-hint">when the ground truth is in a separate file</div>
          </div>
        ) : null}
      </div>
      <label htmlFor="dataset-text" className="spaced">
        Or paste it (one case a line)
      </label>
      {text.length > SHOWN_CHARS ? (
        <p className="field-hint" data-testid="dataset-text-hidden">
          {fileName ?? 'The text'} ({(text.length / (1024 * 1024)).toFixed(1)} million characters) is too large to show
          here; it is imported as read.{' '}
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setText('');
              setFileName(null);
            }}
            data-testid="dataset-text-clear"
          >
            Clear it
          </button>
        </p>
      ) : (
        <textarea
          id="dataset-text"
          rows={8}
          wrap="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          spellCheck={false}
          data-testid="dataset-text"
        />
      )}
      {refusal ? (
        <div className="error-box" role="alert" data-testid="import-report">
          <strong>{refusal.message}</strong>
          {refusal.format ? <span> (read as {refusal.format})</span> : null}
          <table className="report">
            <thead>
              <tr>
                <th className="number">Line</th>
                <th>Why it was refused</th>
              </tr>
            </thead>
            <tbody>
              {refusal.lines.map((problem, index) => (
                <tr key={index} data-testid="import-problem" data-line={problem.line}>
                  <td className="number">{problem.line > 0 ? problem.line : '—'}</td>
                  <td>{problem.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {refusal.lines.length >= 50 ? (
            <p className="small-text">Only the first 50 refused lines are listed.</p>
          ) : null}
        </div>
      ) : null}
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
          disabled={busy || text.trim() === '' || name.trim() === ''}
          data-testid="dataset-import"
        >
          {busy ? 'Importing…' : 'Import'}
        </button>
      </div>
    </section>
  );
}

/** The refused lines a 400 answer carries (the import report), or null for other refusals. */
function reportOf(body: unknown): { format: string | null; lines: LineProblem[] } | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as { format?: unknown; lines?: unknown };
  if (!Array.isArray(record.lines)) return null;
  const lines = record.lines.filter(
    (line): line is LineProblem =>
      typeof line === 'object' &&
      line !== null &&
      typeof (line as LineProblem).line === 'number' &&
      typeof (line as LineProblem).reason === 'string',
  );
  return { format: typeof record.format === 'string' ? record.format : null, lines };
}
