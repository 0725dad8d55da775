'use client';
// One variant of the new-experiment form: its name, where its prompt starts from (the agent's own or
// a saved prompt variant), the prompt itself, its runner settings, and its own server, model and family.
import { variantColour } from '@/lib/metrics/prepare-palette';
import type { FormAgent, FormEndpoint, VariantDraft } from '@/lib/panel/experiments/form-drafts';
import { FieldError, invalidProps } from './field-error';
import { VariantPromptFields } from './variant-prompt-fields';
import { VariantSettingsFields } from './variant-settings-fields';
import { VariantModelFields } from './variant-model-fields';
import styles from './form.module.css';

export function VariantEditor({
  variant,
  index,
  agent,
  endpoints,
  experimentEndpoint,
  errors,
  removable,
  onChange,
  onRemove,
}: {
  variant: VariantDraft;
  index: number;
  agent: FormAgent | undefined;
  endpoints: FormEndpoint[];
  experimentEndpoint: FormEndpoint | undefined;
  errors: Record<string, string[]>;
  removable: boolean;
  onChange(change: Partial<VariantDraft>): void;
  onRemove(): void;
}) {
  const id = (name: string) => `variant-${variant.key}-${name}`;
  const field = (name: string) => `variants.${index}.${name}`;

  return (
    <div className="variant-editor" data-testid="variant-editor">
      <p className={styles.variantTitle}>
        <span className={styles.swatch} style={{ background: variantColour(index) }} aria-hidden="true" />
        Variant {index + 1}
      </p>
      <div className="variant-head">
        <div>
          <label htmlFor={id('name')}>Variant {index + 1} name</label>
          <input
            id={id('name')}
            value={variant.name}
            onChange={(event) => onChange({ name: event.target.value })}
            data-testid="variant-name"
            {...invalidProps(field('name'), errors)}
          />
          <FieldError field={field('name')} errors={errors} />
        </div>
        {removable ? (
          <button type="button" className="secondary" onClick={onRemove} data-testid="remove-variant">
            Remove
          </button>
        ) : null}
      </div>
      <VariantPromptFields variant={variant} agent={agent} id={id} field={field} errors={errors} onChange={onChange} />
      <VariantSettingsFields
        settings={variant.settings}
        tools={agent?.tools ?? []}
        id={id}
        field={field}
        errors={errors}
        onChange={(settings) => onChange({ settings })}
      />
      <FieldError field={field('settings')} errors={errors} />
      <VariantModelFields
        variant={variant}
        endpoints={endpoints}
        experimentEndpoint={experimentEndpoint}
        id={id}
        field={field}
        errors={errors}
        onChange={onChange}
      />
    </div>
  );
}
