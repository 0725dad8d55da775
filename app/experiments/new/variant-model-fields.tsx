'use client';
// A variant's own model: the server its requests go to (the experiment's endpoint, a saved endpoint,
// or a base URL typed here), the model it names there and the family whose native call text it
// writes. Two variants that differ here make a model A/B on the same inputs.
import { FAMILY_NAMES } from '@/lib/families/family';
import { SAVED_SERVER, URL_SERVER, type FormEndpoint, type VariantDraft } from '@/lib/panel/experiments/form-drafts';
import { FieldError, invalidProps } from './field-error';
import type { VariantFieldProps } from './variant-settings-fields';
import styles from './form.module.css';

/** The model a variant on this server names when the field is left empty. */
function defaultModel(variant: VariantDraft, endpoints: FormEndpoint[], experimentEndpoint: FormEndpoint | undefined) {
  const server = variant.server ?? '';
  if (server === URL_SERVER) return 'required with a base URL';
  const saved = server.startsWith(SAVED_SERVER)
    ? endpoints.find((candidate) => `${SAVED_SERVER}${candidate.name}` === server)
    : experimentEndpoint;
  return saved && !saved.builtIn ? saved.model : "the endpoint's model";
}

export function VariantModelFields({
  variant,
  endpoints,
  experimentEndpoint,
  id,
  field,
  errors,
  onChange,
}: VariantFieldProps & {
  variant: VariantDraft;
  endpoints: FormEndpoint[];
  experimentEndpoint: FormEndpoint | undefined;
  onChange(change: Partial<VariantDraft>): void;
}) {
  const saved = endpoints.filter((candidate) => !candidate.builtIn);
  return (
    <div className={styles.settings} data-testid="variant-model-fields">
      <div>
        <label htmlFor={id('server')}>Server</label>
        <select
          id={id('server')}
          value={variant.server ?? ''}
          onChange={(event) => onChange({ server: event.target.value })}
          data-testid="variant-server"
          {...invalidProps(field('server'), errors)}
        >
          <option value="">the experiment&apos;s endpoint</option>
          {saved.map((candidate) => (
            <option key={candidate.name} value={`${SAVED_SERVER}${candidate.name}`}>
              {`${candidate.name} (${candidate.model})`}
            </option>
          ))}
          <option value={URL_SERVER}>another base URL…</option>
        </select>
        <FieldError field={field('server')} errors={errors} />
      </div>
      {variant.server === URL_SERVER ? (
        <div>
          <label htmlFor={id('base-url')}>Base URL</label>
          <input
            id={id('base-url')}
            type="text"
            inputMode="url"
            placeholder="http://host:8000/v1"
            value={variant.baseUrl ?? ''}
            onChange={(event) => onChange({ baseUrl: event.target.value })}
            data-testid="variant-base-url"
            {...invalidProps(field('baseUrl'), errors)}
          />
          <FieldError field={field('baseUrl')} errors={errors} />
        </div>
      ) : null}
      <div>
        <label htmlFor={id('model')}>Model</label>
        <input
          id={id('model')}
          type="text"
          placeholder={defaultModel(variant, endpoints, experimentEndpoint)}
          value={variant.model ?? ''}
          onChange={(event) => onChange({ model: event.target.value })}
          data-testid="variant-model"
          {...invalidProps(field('model'), errors)}
        />
        <FieldError field={field('model')} errors={errors} />
      </div>
      <div>
        <label htmlFor={id('family')}>Model family</label>
        <select
          id={id('family')}
          value={variant.family ?? ''}
          onChange={(event) => onChange({ family: event.target.value })}
          data-testid="variant-family"
          {...invalidProps(field('settings.family'), errors)}
        >
          <option value="">not declared (read from the text)</option>
          {FAMILY_NAMES.map((family) => (
            <option key={family} value={family}>
              {family}
            </option>
          ))}
        </select>
        <FieldError field={field('settings.family')} errors={errors} />
      </div>
    </div>
  );
}
