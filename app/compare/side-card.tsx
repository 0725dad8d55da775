// One side of a comparison: which variant of which experiment, with its marks. A is blue, B orange.
import Link from 'next/link';
import type { CompareSide } from '../../lib/panel/compare/compare';
import { formatTime, shortId } from '../../lib/panel/format';
import { SimulatedBadge } from '../components/status-badge';
import styles from './compare.module.css';

export function SideTag({ side }: { side: 'a' | 'b' }) {
  return <span className={`${styles.sideTag} ${side === 'a' ? styles.a : styles.b}`}>{side.toUpperCase()}</span>;
}

export function SideCard({
  side,
  which,
  conversations,
}: {
  side: CompareSide;
  which: 'a' | 'b';
  conversations: number;
}) {
  const { experiment } = side;
  return (
    <div className={styles.side} data-side={which} data-testid={`side-${which}`}>
      <div>
        <SideTag side={which} />
        <span className={styles.sideName}>{side.ref.variant}</span> {experiment.simulated ? <SimulatedBadge /> : null}
      </div>
      <div className={styles.sideFacts}>
        {experiment.agentName} · <Link href={`/experiments/${experiment.id}`}>experiment {shortId(experiment.id)}</Link>
        {` · ${formatTime(experiment.createdAt)}`}
        <br />
        {conversations.toLocaleString('en-US')} conversations
        {experiment.datasetName ? ` · dataset ${experiment.datasetName}` : ''} · {experiment.status}
      </div>
    </div>
  );
}
