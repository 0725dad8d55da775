'use client';
// The prompt preview's smaller fields: the typed sample input, and the model family whose format
// the prompt is shown in.
import { FAMILY_NAMES, type FamilyName } from '@/lib/families/family';

export type TypedInput = { node_text: string; file_path: string; node_name: string; node_type: string };

export function TypedInputFields({ typed, onChange }: { typed: TypedInput; onChange(next: TypedInput): void }) {
  return (
    <div className="typed-input">
      <label htmlFor="typed-node-text">node_text</label>
      <textarea
        id="typed-node-text"
        rows={5}
        value={typed.node_text}
        onChange={(event) => onChange({ ...typed, node_text: event.target.value })}
        spellCheck={false}
        data-testid="preview-typed-text"
      />
      <div className="form-grid">
        {(['file_path', 'node_name', 'node_type'] as const).map((field) => (
          <div key={field}>
            <label htmlFor={`typed-${field}`}>{field}</label>
            <input
              id={`typed-${field}`}
              value={typed[field]}
              placeholder="optional"
              onChange={(event) => onChange({ ...typed, [field]: event.target.value })}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

export function FamilySelect({ value, onChange }: { value: FamilyName; onChange(next: FamilyName): void }) {
  return (
    <div>
      <label htmlFor="preview-family">Model family</label>
      <select
        id="preview-family"
        value={value}
        onChange={(event) => onChange(event.target.value as FamilyName)}
        data-testid="preview-family"
      >
        {FAMILY_NAMES.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <div className="field-hint">
        {value === 'functiongemma' ? 'FunctionGemma’s native format' : 'rendered from the family’s chat template'}
      </div>
    </div>
  );
}
