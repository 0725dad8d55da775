'use client';
// One expected call of the case editor: the tool's name and, per argument, the accepted values one a line.
import type { ArgumentDraft, CallDraft } from '@/lib/panel/datasets/case-edit';

export const emptyArgument = (): ArgumentDraft => ({ name: '', valuesText: '', optional: false });

function ArgumentRow({
  argument,
  onChange,
  onRemove,
}: {
  argument: ArgumentDraft;
  onChange(change: Partial<ArgumentDraft>): void;
  onRemove(): void;
}) {
  return (
    <tr data-testid="edit-argument">
      <td>
        <input
          value={argument.name}
          aria-label="Argument name"
          onChange={(event) => onChange({ name: event.target.value })}
          data-testid="edit-argument-name"
        />
      </td>
      <td>
        <textarea
          rows={Math.max(2, argument.valuesText.split('\n').length)}
          value={argument.valuesText}
          aria-label="Accepted values"
          onChange={(event) => onChange({ valuesText: event.target.value })}
          spellCheck={false}
          data-testid="edit-argument-values"
        />
      </td>
      <td>
        <input
          type="checkbox"
          checked={argument.optional}
          aria-label="Optional"
          onChange={(event) => onChange({ optional: event.target.checked })}
        />
      </td>
      <td>
        <button type="button" className="secondary small" onClick={onRemove} aria-label="Remove argument">
          ×
        </button>
      </td>
    </tr>
  );
}

export function CallEditor({
  call,
  inputId,
  label,
  listId,
  removable,
  onChange,
  onRemove,
}: {
  call: CallDraft;
  inputId: string;
  label: string;
  listId: string;
  removable: boolean;
  onChange(change: Partial<CallDraft>): void;
  onRemove(): void;
}) {
  const setArgument = (argumentIndex: number, change: Partial<ArgumentDraft>) =>
    onChange({
      arguments: call.arguments.map((argument, other) =>
        other === argumentIndex ? { ...argument, ...change } : argument,
      ),
    });
  return (
    <div className="call-editor" data-testid="call-editor">
      <div className="call-editor-head">
        <div>
          <label htmlFor={inputId}>{label}</label>
          <input
            id={inputId}
            list={listId}
            value={call.name}
            onChange={(event) => onChange({ name: event.target.value })}
            data-testid="edit-tool-name"
          />
        </div>
        {removable ? (
          <button type="button" className="secondary small" onClick={onRemove}>
            Remove this call
          </button>
        ) : null}
      </div>
      <table className="argument-editor">
        <thead>
          <tr>
            <th>Argument</th>
            <th>Accepted values, one a line</th>
            <th>Optional</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {call.arguments.map((argument, argumentIndex) => (
            <ArgumentRow
              key={argumentIndex}
              argument={argument}
              onChange={(change) => setArgument(argumentIndex, change)}
              onRemove={() => onChange({ arguments: call.arguments.filter((_, other) => other !== argumentIndex) })}
            />
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className="secondary small"
        onClick={() => onChange({ arguments: [...call.arguments, emptyArgument()] })}
        data-testid="edit-add-argument"
      >
        Add an argument
      </button>
    </div>
  );
}
