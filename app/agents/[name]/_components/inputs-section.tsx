// The agent page's inputs: where they come from, the list, its dataset, and, for an agent that works
// on Python code, the form that makes inputs from Python files.
import type { AgentDetail } from '@/lib/panel/agents/detail';
import { PythonInputsForm } from './python-inputs';

function inputsSourceText(detail: AgentDetail): string {
  switch (detail.inputsSource.kind) {
    case 'file':
      return `from ${detail.inputsSource.file} in ${detail.folder}`;
    case 'inline':
      return 'stored with the agent in the database';
    case 'none':
      return 'none';
  }
}

export function InputsSection({ detail }: { detail: AgentDetail }) {
  return (
    <section className="card" data-testid="inputs">
      <div className="card-head">
        <h2>Inputs</h2>
        <span className="muted" data-testid="inputs-source">
          {detail.inputCount ?? '?'} input{detail.inputCount === 1 ? '' : 's'}, {inputsSourceText(detail)}
        </span>
      </div>
      {detail.inputsProblem ? <p className="bad-text">{detail.inputsProblem}</p> : null}
      {detail.inputs.length > 0 ? (
        <details className="input-list">
          <summary>
            List them
            {detail.inputCount !== null && detail.inputCount > detail.inputs.length
              ? ` (the first ${detail.inputs.length})`
              : ''}
          </summary>
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th className="number">#</th>
                  <th>Input</th>
                  <th>Type</th>
                  <th>File</th>
                  <th className="number">Lines</th>
                </tr>
              </thead>
              <tbody>
                {detail.inputs.map((input) => (
                  <tr key={input.index} data-testid="agent-input">
                    <td className="number">{input.index + 1}</td>
                    <td>{input.label}</td>
                    <td>{input.nodeType ?? '—'}</td>
                    <td>{input.filePath ? <code>{input.filePath}</code> : '—'}</td>
                    <td className="number">{input.lineCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
      {detail.defaultDataset ? (
        <p className="muted small-text">
          Default dataset: <code>{detail.defaultDataset}</code>
        </p>
      ) : null}
      {detail.worksOnPython ? (
        <PythonInputsForm agentName={detail.name} inputCount={detail.inputCount} />
      ) : (
        <p className="muted small-text" data-testid="text-inputs-note">
          This agent takes text requests, not Python code: its inputs are in its inputs file
          {detail.defaultDataset ? ', and its scored cases in its dataset' : ''}.
        </p>
      )}
    </section>
  );
}
