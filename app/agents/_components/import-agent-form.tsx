'use client';
// Import an agent from YAML (pasted or uploaded). It is checked as it is pasted (a dry run on the
// server: YAML, the definition's shape, scripts, schemas, templates, inputs) and stored only whole.
import { useRouter } from 'next/navigation';
import { useState, type ChangeEvent } from 'react';
import type { AgentImport } from '@/lib/panel/agents/yaml';
import { callApi, type ApiFailure } from '../../components/api-client';
import { FailureBox } from '../../components/failure-box';
import { useDebouncedPost } from './use-debounced-call';

export function ImportAgentForm({ agentNames }: { agentNames: string[] }) {
  const router = useRouter();
  const [yaml, setYaml] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [replace, setReplace] = useState(false);
  const [toolsFrom, setToolsFrom] = useState('');
  const [allowScripts, setAllowScripts] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const request = { yaml, replace, ...(toolsFrom ? { toolsFrom } : {}) };
  const check = useDebouncedPost<AgentImport>(
    '/api/agents',
    yaml.trim() === '' ? null : { ...request, dryRun: true },
    500,
  );
  // An agent whose tools are scripts runs code on this machine: imported only once the user says so.
  const needsConfirmation = check.data?.needsConfirmation === true;

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    setFailure(null);
    setYaml(await file.text());
  };

  const submit = async () => {
    setSubmitting(true);
    setFailure(null);
    const answer = await callApi<AgentImport>('/api/agents', { body: { ...request, allowScripts } });
    setSubmitting(false);
    if (!answer.ok) {
      setFailure(answer);
      return;
    }
    router.push(`/agents/${encodeURIComponent(answer.body.name)}`);
    router.refresh();
  };

  return (
    <section className="card" data-testid="import-agent">
      <div className="card-head">
        <h2>Import an agent from YAML</h2>
        <span className="muted">
          the same format as agents/&lt;name&gt;/agent.yaml; checked before anything is stored
        </span>
      </div>
      <div className="form-grid">
        <div>
          <label htmlFor="agent-yaml-file">Upload a file</label>
          <input
            id="agent-yaml-file"
            type="file"
            accept=".yaml,.yml,text/yaml,application/yaml"
            onChange={readFile}
            data-testid="import-file"
          />
          {fileName ? <div className="field-hint">read {fileName}</div> : null}
        </div>
        <div>
          <label htmlFor="tools-from">Tool scripts from</label>
          <select
            id="tools-from"
            value={toolsFrom}
            onChange={(event) => setToolsFrom(event.target.value)}
            data-testid="import-tools-from"
          >
            <option value="">its own folder, agents/&lt;name&gt;</option>
            {agentNames.map((name) => (
              <option key={name} value={name}>
                the folder of {name}
              </option>
            ))}
          </select>
          <div className="field-hint">where the scripts the YAML names are looked for</div>
        </div>
        <div className="checkbox-field">
          <label>
            <input
              type="checkbox"
              checked={replace}
              onChange={(event) => setReplace(event.target.checked)}
              data-testid="import-replace"
            />{' '}
            Replace an agent of the same name
          </label>
          <div className="field-hint">its prompt history is kept</div>
        </div>
      </div>
      <label htmlFor="agent-yaml">Or paste it</label>
      <textarea
        id="agent-yaml"
        rows={10}
        value={yaml}
        placeholder={'name: my_agent\nmax_turns: 4\ninitial_context:\n  system_prompt: ...'}
        onChange={(event) => setYaml(event.target.value)}
        spellCheck={false}
        data-testid="import-yaml"
      />
      {yaml.trim() !== '' ? (
        <div className="check-line" data-testid="import-check">
          {check.pending ? (
            <span className="muted">checking…</span>
          ) : check.failure ? (
            <span className="bad-text">
              {check.failure.reasons.length || 1} problem{check.failure.reasons.length === 1 ? '' : 's'}: see below
            </span>
          ) : check.data ? (
            <span className="good-text" data-testid="import-check-ok">
              valid: {check.data.replaces ? 'replaces' : 'creates'} the agent “{check.data.name}” (scripts in{' '}
              {check.data.folder}){check.data.warnings.length > 0 ? `, ${check.data.warnings.length} warning(s)` : ''}
            </span>
          ) : null}
        </div>
      ) : null}
      {check.failure && !failure ? <FailureBox failure={check.failure} testId="import-check-error" /> : null}
      {check.data && check.data.warnings.length > 0 ? (
        <ul className="warnings">
          {check.data.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      {needsConfirmation && check.data ? (
        <div className="error-box" role="alert" data-testid="import-runs-code">
          <strong>This runs code on your machine.</strong> Its tools run{' '}
          {check.data.scripts.map((script) => `${check.data?.folder}/${script}`).join(', ')} with your rights (confined
          in a sandbox where bubblewrap is installed). Import it only if you trust where it came from.
          <div className="checkbox-field">
            <label>
              <input
                type="checkbox"
                checked={allowScripts}
                onChange={(event) => setAllowScripts(event.target.checked)}
                data-testid="import-allow-scripts"
              />{' '}
              I understand: this runs code on my machine
            </label>
          </div>
        </div>
      ) : null}
      {failure ? <FailureBox failure={failure} testId="import-error" /> : null}
      <div className="form-actions">
        <button
          type="button"
          onClick={submit}
          disabled={submitting || yaml.trim() === '' || (needsConfirmation && !allowScripts)}
          data-testid="import-submit"
        >
          {submitting ? 'Importing…' : 'Import'}
        </button>
      </div>
    </section>
  );
}
