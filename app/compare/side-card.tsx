// One side of a comparison: which variant of which experiment, with its marks. A is blue, B orange.
import Link from 'next/link';
import type { CompareSide } from '../../lib/panel/compare/compare';
import { formatTime, shortId } from '../../lib/panel/format';
import { SimulatedBadge } from '../components/status-badge';
import styles from './compare.module.css';
import type { VariantModel as VariantModelFacts } from '../../lib/panel/experiments/variant-models';
import { VariantModel } from '../components/variant-model';

export function SideTag({ side }: { side: 'a' | 'b' }) {
  return <span className={`${styles.sideTag} ${side === 'a' ? styles.a : styles.b}`}>{side.toUpperCase()}</span>;
}

export function SideCard({
  side,
  which,
  conversations,
  model,
}: {
  side: CompareSide;
  which: 'a' | 'b';
  conversations: number;
  /** The variant's model and declared family, when its experiment's config can be read. */
  model: VariantModelFacts | undefined;
}) {
  const { experiment } = side;
  return (
    <div className={styles.side} data-side={which} data-testid={`side-${which}`}>
      <div>
        <SideTag side={which} />
        <span className={styles.sideName}>{side.ref.variant}</span> {experiment.simulated ? <SimulatedBadge /> : null}
      </div>
      {model ? (
        <div className={styles.sideFacts}>
          model <VariantModel model={model.model} family={model.family ?? 'family not declared'} />
        </div>
      ) : null}
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
