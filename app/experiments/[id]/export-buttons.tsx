// Download links for the experiment's export (GET /api/experiments/:id/export). Plain links: the
// browser streams the file to disk, however many conversations it holds.
const FORMATS = [
  {
    format: 'csv',
    label: 'CSV',
    title: 'One row per conversation: variant, input, outcome, calls, parse paths, turns, latency, error, verdict',
  },
  { format: 'json', label: 'JSON', title: 'The experiment, its summary and its conversations' },
  { format: 'jsonl', label: 'JSONL', title: 'Full transcripts, one conversation a line' },
] as const;

export function ExportButtons({ experimentId }: { experimentId: string }) {
  return (
    <div
      className="export-buttons"
      data-testid="export-buttons"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', margin: '0 0 14px', fontSize: 13 }}
    >
      <span className="muted">Export:</span>
      {FORMATS.map(({ format, label, title }) => (
        <a
          key={format}
          className="button secondary"
          href={`/api/experiments/${encodeURIComponent(experimentId)}/export?format=${format}`}
          download
          title={title}
          data-testid={`export-${format}`}
          style={{ fontSize: 13, padding: '3px 10px' }}
        >
          {label}
        </a>
      ))}
    </div>
  );
}
