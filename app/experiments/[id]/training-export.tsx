'use client';
// The export dialog for fine-tuning data: which conversations (default: submitted, every call valid)
// and which format (FunctionGemma's native prompt/completion, or OpenAI chat JSONL with tools); for a
// dataset run, the cases whose first call failed as a new dataset (lib/export/README.md).
import { useState } from 'react';
import { callApi } from '@/app/components/api-client';

export function TrainingExport({
  experimentId,
  isDatasetRun,
  variants,
}: {
  experimentId: string;
  isDatasetRun: boolean;
  variants: string[];
}) {
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<'native' | 'openai'>('native');
  const [variant, setVariant] = useState('');
  const [allConversations, setAllConversations] = useState(false);
  const [onlyTaskSuccess, setOnlyTaskSuccess] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const query = new URLSearchParams({ format });
  if (variant) query.set('variant', variant);
  if (allConversations) query.set('allConversations', 'true');
  if (onlyTaskSuccess) query.set('taskSuccess', 'true');
  const href = `/api/experiments/${encodeURIComponent(experimentId)}/training-data?${query}`;

  async function failuresDataset() {
    setProblem(null);
    const answer = await callApi<{ datasetId: string; name: string; cases: number }>(
      `/api/experiments/${encodeURIComponent(experimentId)}/failures-dataset`,
      { body: variant ? { variant } : {} },
    );
    if (!answer.ok) return setProblem([answer.message, ...answer.reasons].join(' · '));
    setMade(`dataset "${answer.body.name}": ${answer.body.cases} case(s)`);
  }

  if (!open) {
    return (
      <button
        className="button secondary"
        onClick={() => setOpen(true)}
        data-testid="training-export-open"
        style={{ fontSize: 13, padding: '3px 10px' }}
      >
        Training data…
      </button>
    );
  }
  return (
    <section className="card" data-testid="training-export">
      <h2>Export training data</h2>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
        <label>
          Format{' '}
          <select
            value={format}
            onChange={(event) => setFormat(event.target.value as 'native' | 'openai')}
            data-testid="training-format"
          >
            <option value="native">FunctionGemma native (prompt/completion per model turn)</option>
            <option value="openai">OpenAI chat JSONL with tools</option>
          </select>
        </label>
        <label>
          Variant{' '}
          <select value={variant} onChange={(event) => setVariant(event.target.value)} data-testid="training-variant">
            <option value="">all</option>
            {variants.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={onlyTaskSuccess}
            onChange={(event) => setOnlyTaskSuccess(event.target.checked)}
            data-testid="training-task-success"
          />{' '}
          only task successes
        </label>
        <label>
          <input
            type="checkbox"
            checked={allConversations}
            onChange={(event) => setAllConversations(event.target.checked)}
            data-testid="training-all"
          />{' '}
          include invalid calls
        </label>
      </div>
      <p className="muted">
        Submitted conversations{allConversations ? '' : ' whose every call was valid'}
        {onlyTaskSuccess ? ', task success only' : ''}.
      </p>
      <a className="button" href={href} download data-testid="training-download">
        Download JSONL
      </a>{' '}
      {isDatasetRun ? (
        <button className="button secondary" onClick={failuresDataset} data-testid="failures-dataset">
          Failed first calls → new dataset
        </button>
      ) : null}
      {made ? <p data-testid="failures-dataset-made">{made}</p> : null}
      {problem ? (
        <div className="error-box" data-testid="training-problem">
          {problem}
        </div>
      ) : null}
    </section>
  );
}
