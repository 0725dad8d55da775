// The agent's tools: each one collapsible, with its parameters as a table and its JSON Schema as text.
import type { AgentToolDetail } from '@/lib/panel/agents/detail';
import { parameterRows, type ParameterRow } from '@/lib/panel/agents/tool-parameters';
import { prettyJson } from '@/lib/panel/format';

function ParameterRows({ rows, depth }: { rows: ParameterRow[]; depth: number }) {
  return (
    <>
      {rows.map((row) => (
        <ParameterRowView key={`${depth}-${row.name}`} row={row} depth={depth} />
      ))}
    </>
  );
}

function ParameterRowView({ row, depth }: { row: ParameterRow; depth: number }) {
  return (
    <>
      <tr data-testid="tool-parameter" data-parameter={row.name}>
        <td style={{ paddingLeft: 10 + depth * 18 }}>
          <code>{row.name}</code>
          {row.required ? <span className="chip required">required</span> : null}
        </td>
        <td>
          <code>{row.type}</code>
        </td>
        <td>
          {row.description ?? <span className="muted">no description</span>}
          {row.allowed ? <span className="sub">one of {row.allowed.join(', ')}</span> : null}
          {row.defaultValue !== null ? <span className="sub">default {row.defaultValue}</span> : null}
        </td>
      </tr>
      <ParameterRows rows={row.children} depth={depth + 1} />
    </>
  );
}

export function ToolList({ tools }: { tools: AgentToolDetail[] }) {
  if (tools.length === 0) return <p className="empty">This agent has no tools.</p>;
  return (
    <div className="tool-list">
      {tools.map((tool) => {
        const rows = parameterRows(tool.parameters);
        return (
          <details key={tool.name} className="tool" data-testid="tool" data-tool={tool.name}>
            <summary>
              <code className="tool-name">{tool.name}</code>
              {tool.builtIn ? <span className="chip">built in</span> : null}
              <span className="tool-description">{tool.description}</span>
            </summary>
            <div className="tool-body">
              <dl className="facts">
                <div>
                  <dt>Script</dt>
                  <dd>
                    {tool.script ? <code>{tool.script}</code> : 'none (its arguments are the conversation’s result)'}
                  </dd>
                </div>
                {tool.script ? (
                  <>
                    <div>
                      <dt>Time limit</dt>
                      <dd>{(tool.timeoutMs / 1000).toLocaleString('en')} s</dd>
                    </div>
                    <div>
                      <dt>Output limit</dt>
                      <dd>{Math.round(tool.maxOutputBytes / 1024).toLocaleString('en')} KiB</dd>
                    </div>
                  </>
                ) : null}
              </dl>
              {rows.length > 0 ? (
                <div className="table-scroll">
                  <table className="parameters">
                    <thead>
                      <tr>
                        <th>Parameter</th>
                        <th>Type</th>
                        <th>Description</th>
                      </tr>
                    </thead>
                    <tbody>
                      <ParameterRows rows={rows} depth={0} />
                    </tbody>
                  </table>
                </div>
              ) : (
                <p className="muted">No parameters.</p>
              )}
              <details className="schema">
                <summary>JSON Schema</summary>
                <pre data-testid="tool-schema">{prettyJson(tool.parameters)}</pre>
              </details>
            </div>
          </details>
        );
      })}
    </div>
  );
}
