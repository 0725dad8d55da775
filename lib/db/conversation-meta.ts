// Where a stored conversation belongs, as the inserter and the live counters both read it.
import type { Verdict } from '../datasets/verdict';
import type { TaskCheck } from '../task-success/types';

/** Where a conversation belongs in its experiment, and what it changed in its workspace. */
export type ConversationMeta = {
  variantIndex: number;
  variantName: string;
  slot: number;
  inputIndex: number;
  workspaceDiff?: string | null;
  changedFiles?: string[] | null;
  /** The dataset case it ran, and the verdict on its first response (dataset experiments only). */
  caseId?: string | null;
  verdict?: Verdict | null;
  /** What the agent's task-success check said (lib/task-success); null when nothing judged it. */
  taskCheck?: TaskCheck | null;
  /** What the experiment's own check said (lib/task-success/custom-check.ts); null when nothing judged it. */
  customCheck?: TaskCheck | null;
};
