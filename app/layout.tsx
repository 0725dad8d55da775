import type { ReactNode } from 'react';
import './globals.css';

export const metadata = { title: 'Remora', description: 'Run and measure small tool-calling models as agents' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="top-bar">
          <a href="/" className="brand">Remora</a>
          <span className="tagline">tool-calling agents, measured</span>
          <nav>
            <a href="/" data-testid="nav-home">Overview</a>
            <a href="/experiments" data-testid="nav-experiments">Experiments</a>
            <a href="/experiments/new" data-testid="nav-new-experiment">New experiment</a>
            <a href="/compare" data-testid="nav-compare">Compare</a>
            <a href="/agents" data-testid="nav-agents">Agents</a>
            <a href="/datasets" data-testid="nav-datasets">Datasets</a>
            <a href="/endpoints" data-testid="nav-endpoints">Endpoints</a>
            <a href="/campaigns" data-testid="nav-campaigns">Campaigns</a>
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
