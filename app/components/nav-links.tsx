'use client';
// The top navigation, with the page the reader is on marked (the longest matching link wins, so
// /experiments/new marks "New experiment", not "Experiments").
import { usePathname } from 'next/navigation';

const LINKS = [
  { href: '/', label: 'Overview', testId: 'nav-home' },
  { href: '/start', label: 'Start here', testId: 'nav-start' },
  { href: '/experiments', label: 'Experiments', testId: 'nav-experiments' },
  { href: '/experiments/new', label: 'New experiment', testId: 'nav-new-experiment' },
  { href: '/search', label: 'Search', testId: 'nav-search' },
  { href: '/compare', label: 'Compare', testId: 'nav-compare' },
  { href: '/agents', label: 'Agents', testId: 'nav-agents' },
  { href: '/datasets', label: 'Datasets', testId: 'nav-datasets' },
  { href: '/endpoints', label: 'Endpoints', testId: 'nav-endpoints' },
  { href: '/campaigns', label: 'Campaigns', testId: 'nav-campaigns' },
];

function activeHref(pathname: string): string | null {
  // A conversation belongs to the experiments.
  const path = pathname.startsWith('/conversations/') ? '/experiments' : pathname;
  const matches = LINKS.filter((link) =>
    link.href === '/' ? path === '/' : path === link.href || path.startsWith(`${link.href}/`),
  );
  return matches.sort((a, b) => b.href.length - a.href.length)[0]?.href ?? null;
}

export function NavLinks() {
  const active = activeHref(usePathname() ?? '/');
  return (
    <nav>
      {LINKS.map((link) => (
        <a
          key={link.href}
          href={link.href}
          data-testid={link.testId}
          aria-current={link.href === active ? 'page' : undefined}
        >
          {link.label}
        </a>
      ))}
    </nav>
  );
}
