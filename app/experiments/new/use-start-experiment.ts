'use client';
// Starting the experiment: the draft's numbers checked in the browser, the bundled dataset stored
// first when it is the inputs, then POST /api/experiments; each refusal reason placed by its field.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import type { ExperimentDraft, ExperimentFormOptions } from '@/lib/panel/experiments/form-drafts';
import { BUNDLED_SOURCE } from '@/lib/panel/experiments/form-choices';
import { placeReasons, readableReason } from '@/lib/panel/experiments/form-reasons';
import { requestBodyOf, type FieldErrors } from '@/lib/panel/experiments/form-request';
import { callApi } from '@/app/components/api-client';

type Failure = { message: string; reasons: string[] };

export function useStartExperiment(draft: ExperimentDraft, options: ExperimentFormOptions) {
  const router = useRouter();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  /** The bundled set is stored first (or found, when the same cases are stored), then run as a dataset. */
  const storeBundled = async (): Promise<{ inputSource: string } | Failure> => {
    const answer = await callApi<{ dataset: { id: string } }>(
      `/api/agents/${encodeURIComponent(draft.agent)}/dataset`,
      { body: {} },
    );
    if (answer.ok && answer.body?.dataset) return { inputSource: `dataset:${answer.body.dataset.id}` };
    return answer.ok
      ? { message: `the server answered ${answer.status}`, reasons: [] }
      : { message: answer.message, reasons: answer.reasons };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const { errors } = requestBodyOf(draft, options);
    if (Object.keys(errors).length > 0) {
      setFieldErrors(errors);
      setFailure({
        message: 'Some fields need a number',
        reasons: Object.entries(errors).flatMap(([field, messages]) =>
          messages.map((message) => readableReason(`${field}: ${message}`)),
        ),
      });
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      let sent = draft;
      if (draft.inputSource === BUNDLED_SOURCE) {
        const stored = await storeBundled();
        if ('message' in stored) {
          setFailure(stored);
          return;
        }
        sent = { ...draft, ...stored };
      }
      const { body } = requestBodyOf(sent, options);
      const answer = await callApi<{ id?: string }>('/api/experiments', { body });
      if (answer.ok && answer.status === 201 && answer.body?.id) {
        router.push(`/experiments/${answer.body.id}`);
        return;
      }
      const reasons = answer.ok ? [] : answer.reasons;
      setFieldErrors(placeReasons(reasons).fields);
      setFailure({
        message: answer.ok ? `the server answered ${answer.status}` : answer.message,
        reasons: reasons.map(readableReason),
      });
    } finally {
      setSubmitting(false);
    }
  };

  return { submit, submitting, failure, fieldErrors };
}
