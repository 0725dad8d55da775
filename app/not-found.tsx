import Link from 'next/link';

export default function NotFound() {
  return (
    <section className="card" data-testid="not-found">
      <h1>Not found</h1>
      <p>There is nothing here: the experiment or conversation may have been deleted, or the link is mistyped.</p>
      <p>
        <Link href="/">Back to the overview</Link>
      </p>
    </section>
  );
}
