// What a conversation's task-success check says: did the agent do its task (not only end it)? Stored
// with each conversation (conversations.task_success and .task_check); see README.md here.
import { z } from 'zod';

export const TaskCheck = z.object({
  /**
   * Which check judged it: `expected_call` (a dataset case or an input with `expect`), or the agent's own check
   * (`lint`, `test`...).
   */
  check: z.string().min(1),
  success: z.boolean(),
  /** One sentence a person can read: why it succeeded or not. */
  reason: z.string(),
  /** What the check measured (issue counts, tests passed, the verdict's failures...). */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type TaskCheck = z.infer<typeof TaskCheck>;
