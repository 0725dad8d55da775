'use client';
// An endpoint's fields, in the add form and in each endpoint's edit form: where the server is (name,
// URL, model, key variable), how long one request to it may take, and what its tokens cost.
import { keyFieldProblem, priceProblem, timeoutProblem, type EndpointFormValues } from './endpoint-form-values';

type FieldsProps = {
  form: EndpointFormValues;
  set: (change: Partial<EndpointFormValues>) => void;
  /** Before each field's id: the add form and an edit form are on one page. */
  idPrefix: string;
};

function TextField({
  id,
  idPrefix,
  label,
  value,
  onChange,
  hint,
  problem = null,
  placeholder,
  wide = false,
  inputMode,
  hintTestId = `${id}-hint`,
}: {
  id: string;
  idPrefix: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  problem?: string | null;
  placeholder?: string;
  wide?: boolean;
  inputMode?: 'decimal';
  hintTestId?: string;
}) {
  return (
    <div className={wide ? 'wide-field' : undefined}>
      <label htmlFor={`${idPrefix}${id}`}>{label}</label>
      <input
        id={`${idPrefix}${id}`}
        value={value}
        placeholder={placeholder}
        inputMode={inputMode}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem !== null}
        data-testid={id}
      />
      {hint || problem ? (
        <div className={problem ? 'field-hint bad-text' : 'field-hint'} data-testid={hintTestId}>
          {problem ?? hint}
        </div>
      ) : null}
    </div>
  );
}

function ConnectionFields({ form, set, idPrefix }: FieldsProps) {
  return (
    <>
      <TextField
        idPrefix={idPrefix}
        id="endpoint-name"
        label="Name"
        value={form.name}
        placeholder="local-vllm"
        onChange={(name) => set({ name })}
      />
      <TextField
        idPrefix={idPrefix}
        id="endpoint-base-url"
        label="Base URL"
        value={form.baseUrl}
        onChange={(baseUrl) => set({ baseUrl })}
        hint="up to /v1, e.g. http://127.0.0.1:8000/v1"
        wide
      />
      <TextField
        idPrefix={idPrefix}
        id="endpoint-model"
        label="Model"
        value={form.model}
        placeholder="google/functiongemma-270m-it"
        onChange={(model) => set({ model })}
        hint="or a LoRA adapter’s name"
      />
      <TextField
        idPrefix={idPrefix}
        id="endpoint-key-env"
        label="API key variable (optional)"
        value={form.apiKeyEnv}
        placeholder="OPENAI_API_KEY"
        onChange={(apiKeyEnv) => set({ apiKeyEnv })}
        hint="the NAME of an environment variable on the panel’s machine, never the key"
        problem={keyFieldProblem(form.apiKeyEnv)}
        hintTestId="endpoint-key-hint"
      />
    </>
  );
}

function TimeoutFields({ form, set, idPrefix }: FieldsProps) {
  const field = (key: 'firstByteSeconds' | 'idleSeconds' | 'totalSeconds', id: string, label: string, dflt: number) => (
    <TextField
      idPrefix={idPrefix}
      id={id}
      label={label}
      value={form[key]}
      placeholder={String(dflt)}
      inputMode="decimal"
      onChange={(value) => set({ [key]: value })}
      hint={`seconds; empty: ${dflt}`}
      problem={timeoutProblem(form[key])}
    />
  );
  return (
    <fieldset className="form-grid endpoint-fieldset" data-testid="endpoint-timeouts-fields">
      <legend>Request timeouts (a hung or dripping server costs no more than these)</legend>
      {field('firstByteSeconds', 'endpoint-first-byte', 'Until the first byte', 60)}
      {field('idleSeconds', 'endpoint-idle', 'Between two chunks', 30)}
      {field('totalSeconds', 'endpoint-total', 'In all', 300)}
    </fieldset>
  );
}

function PriceFields({ form, set, idPrefix }: FieldsProps) {
  const problem = priceProblem(form.inputPrice, form.outputPrice);
  return (
    <fieldset className="form-grid endpoint-fieldset" data-testid="endpoint-price-fields">
      <legend>Price per million tokens (optional: the experiment and compare pages then show the cost)</legend>
      <TextField
        idPrefix={idPrefix}
        id="endpoint-input-price"
        label="Input (prompt) tokens"
        value={form.inputPrice}
        placeholder="0.15"
        inputMode="decimal"
        onChange={(inputPrice) => set({ inputPrice })}
        problem={problem}
      />
      <TextField
        idPrefix={idPrefix}
        id="endpoint-output-price"
        label="Output (completion) tokens"
        value={form.outputPrice}
        placeholder="0.60"
        inputMode="decimal"
        onChange={(outputPrice) => set({ outputPrice })}
        hint="in your own currency"
      />
    </fieldset>
  );
}

export function EndpointFields(props: FieldsProps) {
  return (
    <>
      <div className="form-grid">
        <ConnectionFields {...props} />
      </div>
      <TimeoutFields {...props} />
      <PriceFields {...props} />
    </>
  );
}
