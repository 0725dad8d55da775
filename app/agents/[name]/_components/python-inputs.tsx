'use client';
// The agent's inputs, and "add inputs from these files": Python files or folders on this machine
// (the panel runs locally) whose functions, methods and classes become the agent's inputs.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { PythonInputsResult } from '@/lib/panel/agents/inputs';
import { plural } from '@/lib/plural';
import { agentApi, callApi, type ApiFailure } from '@/app/components/api-client';
import { FailureBox } from '@/app/components/failure-box';

const KINDS = ['function', 'method', 'class', 'module'] as const;
type Kind = (typeof KINDS)[number];
const KIND_LABELS: Record<Kind, string> = {
  function: 'functions',
  method: 'methods',
  class: 'classes',
  module: 'whole modules',
};

export function PythonInputsForm({ agentName, inputCount }: { agentName: string; inputCount: number | null }) {
  const router = useRouter();
  const [pathsText, setPathsText] = useState('');
  const [kinds, setKinds] = useState<Kind[]>(['function', 'method', 'class']);
  const [result, setResult] = useState<PythonInputsResult | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const paths = pathsText
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

  const run = async (mode: 'preview' | 'replace' | 'append') => {
    setBusy(true);
    setFailure(null);
    setMessage(null);
    const answer = await callApi<PythonInputsResult>(agentApi(agentName, '/inputs'), {
      body: { paths, nodeTypes: kinds, mode },
    });
    setBusy(false);
    if (!answer.ok) {
      setFailure(answer);
      return;
    }
    setResult(answer.body);
    if (answer.body.saved) {
      setMessage(`Saved: the agent now has ${plural(answer.body.saved.inputCount, 'input')}.`);
      router.refresh();
    }
  };

  const toggle = (kind: Kind) =>
    setKinds((current) => (current.includes(kind) ? current.filter((other) => other !== kind) : [...current, kind]));

  return (
    <div className="python-inputs" data-testid="python-inputs">
      <h3>Add inputs from these files</h3>
      <p className="muted small-text">
        Paths of Python files or folders on the machine the panel runs on, one a line; relative paths start at the
        project folder. Folders are searched for <code>.py</code> files (caches and virtual environments are skipped).
      </p>
      <label htmlFor="python-paths">Files and folders</label>
      <textarea
        id="python-paths"
        rows={3}
        value={pathsText}
        placeholder={'agents/docstring/samples\n/home/me/project/src/module.py'}
        onChange={(event) => setPathsText(event.target.value)}
        spellCheck={false}
        data-testid="python-paths"
      />
      <div className="kind-choices">
        {KINDS.map((kind) => (
          <label key={kind} className="inline-check">
            <input
              type="checkbox"
              checked={kinds.includes(kind)}
              onChange={() => toggle(kind)}
              data-testid={`python-kind-${kind}`}
            />{' '}
            {KIND_LABELS[kind]}
          </label>
        ))}
      </div>
      <div className="form-actions">
        <button
          type="button"
          className="secondary"
          onClick={() => run('preview')}
          disabled={busy || paths.length === 0 || kinds.length === 0}
          data-testid="python-preview"
        >
          {busy ? 'Reading…' : 'Find the nodes'}
        </button>
      </div>
      {failure ? <FailureBox failure={failure} testId="python-error" /> : null}
      {result ? (
        <div data-testid="python-result">
          <p>
            <strong data-testid="python-node-count">
              {result.nodeCount} node{result.nodeCount === 1 ? '' : 's'}
            </strong>{' '}
            in {result.fileCount} file{result.fileCount === 1 ? '' : 's'}
            {result.nodeCount > result.nodes.length ? ` (the first ${result.nodes.length} listed)` : ''}
          </p>
          {result.problems.length > 0 ? (
            <ul className="warnings" data-testid="python-problems">
              {result.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
          {result.nodes.length > 0 ? (
            <div className="table-scroll node-table">
              <table>
                <thead>
                  <tr>
                    <th>Name</th>
                    <th>Type</th>
                    <th>File</th>
                    <th className="number">Lines</th>
                  </tr>
                </thead>
                <tbody>
                  {result.nodes.map((node) => (
                    <tr
                      key={`${node.filePath}:${node.startLine}:${node.name}`}
                      data-testid="python-node"
                      data-node={node.name}
                    >
                      <td>
                        <code>{node.name}</code>
                      </td>
                      <td>{node.type}</td>
                      <td>
                        <code>{node.filePath}</code>
                      </td>
                      <td className="number">
                        {node.startLine}–{node.endLine}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {result.nodeCount > 0 && !result.saved ? (
            <div className="form-actions">
              <button type="button" onClick={() => run('replace')} disabled={busy} data-testid="python-replace">
                Make these the agent’s {result.nodeCount} inputs
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => run('append')}
                disabled={busy || inputCount === null}
                data-testid="python-append"
              >
                Add them to its {inputCount ?? '?'} inputs
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {message ? (
        <p className="save-message" role="status" data-testid="python-saved">
          {message}
        </p>
      ) : null}
    </div>
  );
}
