'use client';
// The export dialog for fine-tuning data: which conversations (default: task successes whatever the
// outcome when the runs were judged, else submitted; every call valid, at least one call) and which
// format (FunctionGemma's native prompt/completion following Google's template or vLLM's example
// one, or OpenAI chat JSONL with tools); for a
// dataset run, the cases whose first call failed as a new dataset (lib/export/README.md). As the
// choices change it asks how many conversations they match, and warns before the download when
// none does (as `remora export` does), instead of handing over an empty file.
import { useEffect, useState } from 'react';
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
  const [taskResult, setTaskResult] = useState<TaskResult>('');
  const [template, setTemplate] = useState<Template>('google');
  const [made, setMade] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const query = new URLSearchParams({ format });
  if (variant) query.set('variant', variant);
  if (allConversations) query.set('allConversations', 'true');
  if (taskResult) query.set('taskSuccess', taskResult);
  if (format === 'native') query.set('template', template);
  const href = `/api/experiments/${encodeURIComponent(experimentId)}/training-data?${query}`;
  const matches = useMatchCount(open ? href : null);

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
        <TrainingChoices
          native={format === 'native'}
          template={template}
          setTemplate={setTemplate}
          taskResult={taskResult}
          setTaskResult={setTaskResult}
        />
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
        {taskResult === '' || taskResult === 'true'
          ? 'Task successes, whatever their outcome (an agent without a check: submitted conversations)'
          : taskResult === 'false'
            ? 'Task failures'
            : 'Submitted conversations'}
        {allConversations ? '' : ' whose every call was valid, with at least one call'}. Targets hold only what the
        model wrote.
      </p>
      <MatchCount matches={matches} />
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

type Matches = { href: string; conversations: number; selection: string } | null;

/** How many conversations the export at `href` holds (a HEAD request), kept for the href it answers. */
function useMatchCount(href: string | null): Matches {
  const [matches, setMatches] = useState<Matches>(null);
  useEffect(() => {
    if (href === null) return;
    const controller = new AbortController();
    fetch(href, { method: 'HEAD', signal: controller.signal })
      .then((response) => {
        const count = Number(response.headers.get('x-remora-conversations'));
        if (!response.ok || !Number.isFinite(count)) return;
        const selection = decodeURIComponent(response.headers.get('x-remora-selection') ?? '');
        setMatches({ href, conversations: count, selection });
      })
      // A count that cannot be had leaves the dialog as it was: the download still says what it holds.
      .catch(() => undefined);
    return () => controller.abort();
  }, [href]);
  return matches !== null && matches.href === href ? matches : null;
}

function MatchCount({ matches }: { matches: Matches }) {
  if (matches === null) return null;
  if (matches.conversations === 0)
    return (
      <div className="note" role="alert" data-testid="training-no-match">
        Warning: no conversation matches ({matches.selection}): the file would be empty. Choose another task result,
        variant, or include invalid calls.
      </div>
    );
  return (
    <p className="muted" data-testid="training-matches">
      {matches.conversations} conversation{matches.conversations === 1 ? '' : 's'} match.
    </p>
  );
}

type TaskResult = '' | 'true' | 'false' | 'any';
type Template = 'google' | 'vllm-example';

/** Which chat template the native format follows, and which task results are exported. */
function TrainingChoices({
  native,
  template,
  setTemplate,
  taskResult,
  setTaskResult,
}: {
  native: boolean;
  template: Template;
  setTemplate: (value: Template) => void;
  taskResult: TaskResult;
  setTaskResult: (value: TaskResult) => void;
}) {
  return (
    <>
      {native ? (
        <label>
          Chat template{' '}
          <select
            value={template}
            onChange={(event) => setTemplate(event.target.value as Template)}
            data-testid="training-template"
          >
            <option value="google">Google&apos;s published FunctionGemma template</option>
            <option value="vllm-example">vLLM&apos;s example template (as the seeds served it)</option>
          </select>
        </label>
      ) : null}
      <label>
        Task result{' '}
        <select
          value={taskResult}
          onChange={(event) => setTaskResult(event.target.value as TaskResult)}
          data-testid="training-task-success"
        >
          <option value="">task successes (any outcome), when judged</option>
          <option value="true">only task successes</option>
          <option value="false">only task failures</option>
          <option value="any">any (submitted)</option>
        </select>
      </label>
    </>
  );
}
