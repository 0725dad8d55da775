'use client';
// Where a variant's prompt starts from (the agent's own or a saved prompt variant) and the prompt itself.
import { EDITED_SOURCE, promptSources, type FormAgent, type VariantDraft } from '@/lib/panel/experiments/form-drafts';
import { FieldError, invalidProps } from './field-error';
import type { VariantFieldProps } from './variant-settings-fields';
import styles from './form.module.css';

export function VariantPromptFields({
  variant,
  agent,
  id,
  field,
  errors,
  onChange,
}: VariantFieldProps & {
  variant: VariantDraft;
  agent: FormAgent | undefined;
  onChange(change: Partial<VariantDraft>): void;
}) {
  const sources = promptSources(agent);
  const chooseSource = (value: string) => {
    const source = sources.find((candidate) => candidate.value === value);
    if (source) onChange({ source: value, systemPrompt: source.systemPrompt, nodeContext: source.nodeContext });
  };
  return (
    <>
      <div className={styles.promptHead}>
        <div>
          <label htmlFor={id('source')}>Start from</label>
          <select
            id={id('source')}
            value={variant.source}
            onChange={(event) => chooseSource(event.target.value)}
            data-testid="variant-source"
          >
            {sources.map((source) => (
              <option key={source.value} value={source.value}>
                {source.label}
              </option>
            ))}
            {variant.source === EDITED_SOURCE ? <option value={EDITED_SOURCE}>(edited here)</option> : null}
          </select>
        </div>
        <span className="muted" style={{ fontSize: 12 }}>
          {agent && agent.savedVariants.length === 0
            ? 'No saved prompt variants for this agent yet.'
            : `${agent?.savedVariants.length ?? 0} saved prompt variant(s)`}
        </span>
      </div>
      <label htmlFor={id('prompt')} style={{ marginTop: 8 }}>
        System prompt
      </label>
      <textarea
        id={id('prompt')}
        rows={7}
        value={variant.systemPrompt}
        onChange={(event) => onChange({ systemPrompt: event.target.value, source: EDITED_SOURCE })}
        data-testid="variant-prompt"
        {...invalidProps(field('systemPrompt'), errors)}
      />
      <FieldError field={field('systemPrompt')} errors={errors} />
      {variant.nodeContext !== null ? (
        <details data-testid="variant-node-context">
          <summary>With the saved variant&apos;s own node context template</summary>
          <pre>{variant.nodeContext}</pre>
        </details>
      ) : null}
    </>
  );
}
