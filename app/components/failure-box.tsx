// A refused request as people read it: the message and each reason.
import type { ApiFailure } from './api-client';

export function FailureBox({ failure, testId }: { failure: Pick<ApiFailure, 'message' | 'reasons'>; testId: string }) {
  return (
    <div className="error-box" role="alert" data-testid={testId}>
      <strong>{failure.message}</strong>
      {failure.reasons.length > 0 ? (
        <ul>
          {failure.reasons.map((reason, index) => (
            <li key={index}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
