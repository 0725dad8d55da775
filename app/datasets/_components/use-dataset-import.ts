'use client';
// The import form's state: the text (typed or read from a file), its name, format and BFCL answers,
// and what the import answered (created: go to it; the same cases stored already; refused, with lines).
import { useRouter } from 'next/navigation';
import { useState, type ChangeEvent } from 'react';
import type { LineProblem } from '@/lib/datasets/formats';
import type { DatasetImportResult } from '@/lib/panel/datasets/datasets';
import { callApi, type ApiFailure } from '../../components/api-client';

export type Refusal = { message: string; format: string | null; lines: LineProblem[] };
export type Imported = Extract<DatasetImportResult, { ok: true }>;

export function useDatasetImport() {
  const router = useRouter();
  const [name, setName] = useState('');
  const [format, setFormat] = useState('auto');
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [answers, setAnswers] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [reused, setReused] = useState<Imported | null>(null);

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    if (name.trim() === '') setName(file.name.replace(/\.(jsonl|json|txt)$/i, ''));
    setText(await file.text());
  };

  const readAnswers = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setAnswers(file ? await file.text() : null);
  };

  const clearText = () => {
    setText('');
    setFileName(null);
  };

  const submit = async () => {
    setBusy(true);
    setRefusal(null);
    setFailure(null);
    setReused(null);
    const body = {
      name,
      format,
      text,
      ...(fileName ? { sourceFile: fileName } : {}),
      ...(answers !== null && format === 'bfcl' ? { answers } : {}),
    };
    const answer = await callApi<Imported>('/api/datasets', { body });
    setBusy(false);
    if (answer.ok) {
      if (answer.status === 201) router.push(`/datasets/${answer.body.dataset.id}`);
      else setReused(answer.body);
      return;
    }
    const report = reportOf(answer.body);
    if (report) setRefusal({ message: answer.message, ...report });
    else setFailure(answer);
  };

  return {
    fields: { name, setName, format, setFormat, fileName, readFile, readAnswers },
    text: { text, setText, fileName, clearText },
    result: { busy, refusal, failure, reused },
    submit,
  };
}

/** The refused lines a 400 answer carries (the import report), or null for other refusals. */
function reportOf(body: unknown): { format: string | null; lines: LineProblem[] } | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as { format?: unknown; lines?: unknown };
  if (!Array.isArray(record.lines)) return null;
  const lines = record.lines.filter(
    (line): line is LineProblem =>
      typeof line === 'object' &&
      line !== null &&
      typeof (line as LineProblem).line === 'number' &&
      typeof (line as LineProblem).reason === 'string',
  );
  return { format: typeof record.format === 'string' ? record.format : null, lines };
}
