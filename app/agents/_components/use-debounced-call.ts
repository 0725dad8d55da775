'use client';
// Calls the API a moment after the last change (as people type), dropping answers to older calls.
import { useEffect, useRef, useState } from 'react';
import { callApi, type ApiFailure } from '../../components/api-client';

export type DebouncedState<T> = { data: T | null; failure: ApiFailure | null; pending: boolean };

/** POSTs `body` to `url` `delay` ms after the body last changed (compared as JSON); null body: no call. */
export function useDebouncedPost<T>(url: string, body: unknown, delay = 350): DebouncedState<T> {
  const [state, setState] = useState<DebouncedState<T>>({ data: null, failure: null, pending: body !== null });
  const key = body === null ? null : JSON.stringify(body);
  const latest = useRef(0);
  const bodyRef = useRef(body);
  bodyRef.current = body;
  useEffect(() => {
    if (key === null) return;
    const call = ++latest.current;
    const controller = new AbortController();
    setState((current) => ({ ...current, pending: true }));
    const timer = setTimeout(() => {
      callApi<T>(url, { body: bodyRef.current, signal: controller.signal }).then(
        (answer) => {
          if (call !== latest.current) return;
          setState(
            answer.ok
              ? { data: answer.body, failure: null, pending: false }
              : { data: null, failure: answer, pending: false },
          );
        },
        (error: unknown) => {
          // Aborted because a newer call replaced it: that call reports.
          if (error instanceof DOMException && error.name === 'AbortError') return;
          if (call === latest.current)
            setState({ data: null, failure: { message: String(error), reasons: [], status: 0 }, pending: false });
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url, key, delay]);
  return state;
}
