'use client';
// One variant of the new-experiment form: its name, where its prompt starts from (the agent's own or
// a saved prompt variant), the prompt itself, and its runner settings.
import { variantColour } from '@/lib/metrics/prepare-palette';
import {
  EDITED_SOURCE,
  HISTORY_MODES,
  RESPONSE_PREFERENCES,
  TOOL_PRESENTATIONS,
  promptSources,
  type FormAgent,
  type VariantDraft,
  type VariantSettingsDraft,
} from '@/lib/panel/experiments/form-drafts';
import { FieldError, invalidProps } from './field-error';
import styles from './form.module.css';

const HISTORY_LABELS: Record<(typeof HISTORY_MODES)[number], string> = {
  full: 'full history',
  'initial-only': 'initial messages only (seed bug)',
};
const PREFERENCE_LABELS: Record<(typeof RESPONSE_PREFERENCES)[number], string> = {
  'tool_calls-first': 'tool_calls first',
  'content-first': 'content first',
};
const PRESENTATION_LABELS: Record<(typeof TOOL_PRESENTATIONS)[number], string> = {
  native: 'native (tools parameter)',
  'system-prompt': 'in the system prompt',
};

export function VariantEditor({
  variant,
  index,
  agent,
  errors,
  removable,
  onChange,
  onRemove,
}: {
  variant: VariantDraft;
  index: number;
  agent: FormAgent | undefined;
  errors: Record<string, string[]>;
  removable: boolean;
  onChange(change: Partial<VariantDraft>): void;
  onRemove(): void;
}) {
  const id = (name: string) => `variant-${variant.key}-${name}`;
  const field = (name: string) => `variants.${index}.${name}`;
  const sources = promptSources(agent);
  const setSetting = <Key extends keyof VariantSettingsDraft>(key: Key, value: VariantSettingsDraft[Key]) =>
    onChange({ settings: { ...variant.settings, [key]: value } });
  const chooseSource = (value: string) => {
    const source = sources.find((candidate) => candidate.value === value);
    if (source) onChange({ source: value, systemPrompt: source.systemPrompt, nodeContext: source.nodeContext });
  };

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

      <div className={styles.settings}>
        <div>
          <label htmlFor={id('tool-choice')}>Tool choice</label>
          <select
            id={id('tool-choice')}
            value={variant.settings.toolChoice}
            onChange={(event) => setSetting('toolChoice', event.target.value)}
            data-testid="variant-tool-choice"
            {...invalidProps(field('settings.toolChoice'), errors)}
          >
            <option value="auto">auto</option>
            <option value="required">required</option>
            <option value="none">none</option>
            {(agent?.tools ?? []).map((tool) => (
              <option key={tool} value={tool}>
                only {tool}
              </option>
            ))}
          </select>
          <FieldError field={field('settings.toolChoice')} errors={errors} />
        </div>
        <div>
          <label htmlFor={id('temperature')}>Temperature</label>
          <input
            id={id('temperature')}
            type="text"
            inputMode="decimal"
            value={variant.settings.temperature}
            onChange={(event) => setSetting('temperature', event.target.value)}
            data-testid="variant-temperature"
            {...invalidProps(field('settings.temperature'), errors)}
          />
          <FieldError field={field('settings.temperature')} errors={errors} />
        </div>
        <div>
          <label htmlFor={id('max-tokens')}>Max tokens</label>
          <input
            id={id('max-tokens')}
            type="text"
            inputMode="numeric"
            placeholder="server default"
            value={variant.settings.maxTokens}
            onChange={(event) => setSetting('maxTokens', event.target.value)}
            data-testid="variant-max-tokens"
            {...invalidProps(field('settings.maxTokens'), errors)}
          />
          <FieldError field={field('settings.maxTokens')} errors={errors} />
        </div>
        <div>
          <label htmlFor={id('history')}>History</label>
          <select
            id={id('history')}
            value={variant.settings.historyMode}
            onChange={(event) => setSetting('historyMode', event.target.value as VariantSettingsDraft['historyMode'])}
            data-testid="variant-history-mode"
          >
            {HISTORY_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {HISTORY_LABELS[mode]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={id('preference')}>Read the response</label>
          <select
            id={id('preference')}
            value={variant.settings.responsePreference}
            onChange={(event) =>
              setSetting('responsePreference', event.target.value as VariantSettingsDraft['responsePreference'])
            }
            data-testid="variant-response-preference"
          >
            {RESPONSE_PREFERENCES.map((preference) => (
              <option key={preference} value={preference}>
                {PREFERENCE_LABELS[preference]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={id('tools')}>Tools</label>
          <select
            id={id('tools')}
            value={variant.settings.toolPresentation}
            onChange={(event) =>
              setSetting('toolPresentation', event.target.value as VariantSettingsDraft['toolPresentation'])
            }
            data-testid="variant-tool-presentation"
          >
            {TOOL_PRESENTATIONS.map((presentation) => (
              <option key={presentation} value={presentation}>
                {PRESENTATION_LABELS[presentation]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={variant.settings.forceSubmitOnLastTurn}
              onChange={(event) => setSetting('forceSubmitOnLastTurn', event.target.checked)}
              data-testid="variant-force-submit"
            />
            force submit_result on the last turn
          </label>
        </div>
        <div>
          <label
            className={styles.check}
            title="The tool-name confidence and the raw output come from the tokens' log probabilities"
          >
            <input
              type="checkbox"
              checked={variant.settings.logprobs}
              onChange={(event) => setSetting('logprobs', event.target.checked)}
              data-testid="variant-logprobs"
            />
            ask for logprobs (tool-name confidence)
          </label>
        </div>
      </div>
      <FieldError field={field('settings')} errors={errors} />
    </div>
  );
}
