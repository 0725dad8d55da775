'use client';
// Reading transcripts at speed: previous/next conversation in the list's filter (buttons, j and k),
// e and r to the next failure or the next response not parsed from structured tool_calls, and
// every model call opened or folded at once. Keys are ignored while typing in a field.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';

const TARGETS = {
  e: '[data-jump-error="true"]',
  r: '[data-testid="model-call"]:not([data-path="tool_calls"])',
} as const;

function typing(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));
}

function setAllCalls(open: boolean): void {
  document.querySelectorAll<HTMLDetailsElement>('details[data-testid="model-call"]').forEach((details) => {
    details.open = open;
  });
}

export function ReviewKeys({
  previousHref,
  nextHref,
  position,
}: {
  previousHref: string | null;
  nextHref: string | null;
  position: string | null;
}) {
  const router = useRouter();
  const last = useRef<Record<string, number>>({ e: -1, r: -1 });
  const [note, setNote] = useState<string | null>(null);
  // Which links the key handler is bound to: after a client-side move the new page renders before
  // its handler is bound, and a key pressed in between is lost (data-keys-ready says when it is not).
  const hrefs = `${previousHref ?? ''} ${nextHref ?? ''}`;
  const [boundTo, setBoundTo] = useState<string | null>(null);

  useEffect(() => {
    function jump(kind: 'e' | 'r') {
      const found = [...document.querySelectorAll<HTMLElement>(TARGETS[kind])];
      if (found.length === 0)
        return setNote(kind === 'e' ? 'No error in this conversation.' : 'Every response was parsed from tool_calls.');
      const index = last.current[kind] + 1;
      if (index >= found.length) {
        // Past the last one: say so, and start again from the first at the next press.
        last.current[kind] = -1;
        return setNote(
          kind === 'e'
            ? `No further error: ${found.length} of ${found.length} was the last.`
            : `No further response off tool_calls: ${found.length} of ${found.length} was the last.`,
        );
      }
      last.current[kind] = index;
      document.querySelectorAll('[data-current]').forEach((element) => element.removeAttribute('data-current'));
      const target = found[index];
      target.setAttribute('data-current', kind);
      if (target instanceof HTMLDetailsElement) target.open = true;
      target.scrollIntoView({ block: 'center' });
      setNote(`${kind === 'e' ? 'Error' : 'Response'} ${index + 1} of ${found.length}`);
    }
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      if (event.key === 'j' && nextHref) router.push(nextHref);
      else if (event.key === 'k' && previousHref) router.push(previousHref);
      else if (event.key === 'e' || event.key === 'r') jump(event.key);
    }
    window.addEventListener('keydown', onKey);
    setBoundTo(`${previousHref ?? ''} ${nextHref ?? ''}`);
    return () => window.removeEventListener('keydown', onKey);
  }, [router, nextHref, previousHref]);

  return (
    <div className="review-keys" data-testid="review-keys" data-keys-ready={boundTo === hrefs}>
      {previousHref ? (
        <Link className="button secondary" href={previousHref} data-testid="previous-conversation">
          ← Previous (k)
        </Link>
      ) : (
        <span className="muted">first in the list</span>
      )}
      {nextHref ? (
        <Link className="button secondary" href={nextHref} data-testid="next-conversation">
          Next (j) →
        </Link>
      ) : (
        <span className="muted" data-testid="last-conversation">
          last in the list
        </span>
      )}
      {position ? <span className="muted">{position}</span> : null}
      <button type="button" className="secondary" onClick={() => setAllCalls(true)} data-testid="expand-all">
        Expand all
      </button>
      <button type="button" className="secondary" onClick={() => setAllCalls(false)} data-testid="collapse-all">
        Collapse all
      </button>
      <span className="muted" title="e: next error · r: next response not parsed from tool_calls">
        keys: j k e r
      </span>
      {note ? (
        <span className="muted" data-testid="jump-note">
          {note}
        </span>
      ) : null}
    </div>
  );
}
