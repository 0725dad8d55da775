'use client';
// A model call's request and raw response, fetched when the reader opens them, so that a long
// transcript's page does not carry every request's whole history. Rendered as text only.
import { useState } from 'react';
import type { ModelCallDetails } from '@/lib/panel/conversations/conversations';
import { prettyJsonText } from '@/lib/panel/format';
import type { ChatMessage } from '@/lib/protocol/messages';
import styles from './transcript.module.css';
import { callApi } from '@/app/components/api-client';

type Loaded =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'loaded'; details: ModelCallDetails };

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? 'undefined';
}

function SentMessage({ message, index }: { message: ChatMessage; index: number }) {
  return (
    <div className={styles.sentMessage} data-testid="request-message" data-role={message.role}>
      <div className={styles.sentRole}>
        {index + 1}. {message.role}
        {message.role === 'tool' ? ` · ${message.name} · ${message.tool_call_id}` : ''}
      </div>
      {message.content !== null && message.content !== '' ? <pre>{message.content}</pre> : null}
      {message.role === 'assistant'
        ? (message.tool_calls ?? []).map((call) => (
            <pre
              key={call.id}
            >{`→ ${call.function.name} (${call.id})\n${prettyJsonText(call.function.arguments)}`}</pre>
          ))
        : null}
    </div>
  );
}

export function CallDetails({
  conversationId,
  callId,
  sentMessages,
}: {
  conversationId: string;
  callId: number;
  sentMessages: number;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'idle' });
  const url = `/api/conversations/${encodeURIComponent(conversationId)}/model-calls/${callId}`;

  async function load() {
    if (loaded.state === 'loading' || loaded.state === 'loaded') return;
    setLoaded({ state: 'loading' });
    const answer = await callApi<ModelCallDetails | null>(url, { accept: 'application/json' });
    if (!answer.ok || !answer.body || !('request' in answer.body)) {
      setLoaded({ state: 'failed', message: answer.ok ? `HTTP ${answer.status}` : answer.message });
      return;
    }
    setLoaded({ state: 'loaded', details: answer.body });
  }

  const onToggle = (event: React.SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open) void load();
  };
  const body = (render: (details: ModelCallDetails) => React.ReactNode) => {
    switch (loaded.state) {
      case 'idle':
      case 'loading':
        return <p className={styles.loading}>Loading…</p>;
      case 'failed':
        return (
          <div className="error-box" data-testid="call-details-error">
            Could not load this call: {loaded.message}
          </div>
        );
      case 'loaded':
        return render(loaded.details);
    }
  };

  return (
    <>
      <details className={styles.lazy} onToggle={onToggle} data-testid="request-details">
        <summary>Request sent ({sentMessages} messages)</summary>
        {body((details) => (
          <div className={styles.lazyBody} data-testid="model-call-request">
            {details.requestProblem ? <p className="note">{details.requestProblem}</p> : null}
            {details.request.messages.map((message, index) => (
              <SentMessage key={index} message={message} index={index} />
            ))}
            <details>
              <summary>The request as JSON (messages, tools and parameters)</summary>
              <pre data-testid="request-json">{pretty(details.request)}</pre>
            </details>
          </div>
        ))}
      </details>
      <details className={styles.lazy} onToggle={onToggle} data-testid="response-details">
        <summary>Raw response</summary>
        {body((details) => (
          <div className={styles.lazyBody}>
            {details.response.omittedTokens !== null || details.response.cut ? (
              <p className="muted">
                {details.response.omittedTokens !== null
                  ? `${details.response.omittedTokens} tokens with their log probabilities are left out here. `
                  : ''}
                <a href={`${url}?full=1`} target="_blank" rel="noreferrer">
                  Open the full response ({details.response.fullCharacters.toLocaleString('en-US')} characters)
                </a>
              </p>
            ) : null}
            <pre data-testid="raw-response">{details.response.text}</pre>
          </div>
        ))}
      </details>
    </>
  );
}
