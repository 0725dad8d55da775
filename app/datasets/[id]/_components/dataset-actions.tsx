'use client';
// Export the set as a file in a chosen format, or delete it.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { callApi, downloadApi, type ApiFailure } from '@/app/components/api-client';
import { FailureBox } from '@/app/components/failure-box';

export function DatasetActions({ datasetId, datasetName }: { datasetId: string; datasetName: string }) {
  const router = useRouter();
  const [format, setFormat] = useState('remora');
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const exportUrl = `/api/datasets/${encodeURIComponent(datasetId)}/export?format=${format}`;

  // A format that cannot express every case answers 400 with the cases named: show it, do not download it.
  const download = async () => {
    setFailure(null);
    const answer = await downloadApi(exportUrl);
    if (!answer.ok) {
      setFailure(answer);
      return;
    }
    const blob = answer.blob;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = answer.filename ?? `${datasetName}.${format}.jsonl`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const remove = async () => {
    if (
      !window.confirm(`Delete the dataset "${datasetName}" and its cases? Experiments that ran it keep their own copy.`)
    )
      return;
    const answer = await callApi<{ deleted: true }>(`/api/datasets/${encodeURIComponent(datasetId)}`, {
      method: 'DELETE',
    });
    if (!answer.ok) {
      setFailure(answer);
      return;
    }
    router.push('/datasets');
    router.refresh();
  };

  return (
    <div className="actions dataset-actions">
      <select
        value={format}
        onChange={(event) => setFormat(event.target.value)}
        aria-label="Export format"
        data-testid="export-format"
      >
        <option value="remora">Remora JSONL</option>
        <option value="distil">distil-labs JSONL</option>
        <option value="bfcl">BFCL</option>
      </select>
      <button type="button" className="secondary" onClick={download} data-testid="export-dataset">
        Export
      </button>
      <button type="button" className="danger" onClick={remove} data-testid="delete-dataset">
        Delete
      </button>
      {failure ? (
        <div className="action-failure">
          <FailureBox failure={failure} testId="dataset-action-error" />
        </div>
      ) : null}
    </div>
  );
}
