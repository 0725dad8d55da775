// The model judge's verdicts on this conversation (lib/judge), newest first, each with the model and
// the prompt version it was made with. The reason is the judge's own text, untrusted: shown as text only.
import type { ConversationJudgeVerdict } from '@/lib/db/queries/judge';
import { formatTime } from '@/lib/panel/format';

const OUTCOME_WORDS = { pass: 'pass', fail: 'fail', error: 'judge error (counts as neither)' } as const;

export function JudgeVerdictsCard({ verdicts }: { verdicts: ConversationJudgeVerdict[] }) {
  if (verdicts.length === 0) return null;
  const [latest] = verdicts;
  return (
    <section className="card" data-testid="judge-verdicts">
      <h2>Model judge: {OUTCOME_WORDS[latest.outcome]}</h2>
      <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
        {verdicts.map((verdict, index) => (
          <li key={index} data-testid="judge-verdict" data-outcome={verdict.outcome}>
            <strong data-testid="judge-verdict-outcome">{OUTCOME_WORDS[verdict.outcome]}</strong>
            {' · '}
            <span data-testid="judge-verdict-source">
              {verdict.model}, prompt {verdict.promptName} v{verdict.promptVersion}, {formatTime(verdict.createdAt)}
            </span>
            <div data-testid="judge-verdict-reason">{verdict.reason}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}
