'use client';
// Shown when a page fails on the server. The details stay in the server log; the digest lets
// someone find them there.
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <section className="card" role="alert" data-testid="page-error">
      <h1>Something went wrong</h1>
      <p>
        The page could not be shown. The server log has the details{error.digest ? ` (reference ${error.digest})` : ''}.
      </p>
      <button type="button" onClick={reset}>
        Try again
      </button>
    </section>
  );
}
