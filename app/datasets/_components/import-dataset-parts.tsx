'use client';
// The import form's parts: where the cases come from (a file, its name and format), the text box
// they can be pasted into, and the report of a refused file, line by line.
import type { ChangeEvent } from 'react';
import { LIMITS } from '@/lib/protocol/limits';
import type { Refusal } from './use-dataset-import';

// A file larger than this is imported as read but not put in the text box: a browser text box
// holding tens of megabytes makes the page crawl.
const SHOWN_CHARS = 1024 * 1024;

export function SourceFields({
  name,
  setName,
  format,
  setFormat,
  fileName,
  readFile,
  readAnswers,
}: {
  name: string;
  setName: (name: string) => void;
  format: string;
  setFormat: (format: string) => void;
  fileName: string | null;
  readFile: (event: ChangeEvent<HTMLInputElement>) => void;
  readAnswers: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
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
  );
}

export function PasteField({
  text,
  setText,
  fileName,
  clearText,
}: {
  text: string;
  setText: (text: string) => void;
  fileName: string | null;
  clearText: () => void;
}) {
  return (
    <>
      <label htmlFor="dataset-text" className="spaced">
        Or paste it (one case a line)
      </label>
      {text.length > SHOWN_CHARS ? (
        <p className="field-hint" data-testid="dataset-text-hidden">
          {fileName ?? 'The text'} ({(text.length / (1024 * 1024)).toFixed(1)} million characters) is too large to show
          here; it is imported as read.{' '}
          <button type="button" className="secondary" onClick={clearText} data-testid="dataset-text-clear">
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
    </>
  );
}

export function ImportReport({ refusal }: { refusal: Refusal }) {
  return (
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
      {refusal.lines.length >= 50 ? <p className="small-text">Only the first 50 refused lines are listed.</p> : null}
    </div>
  );
}
