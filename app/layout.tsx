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
            <a href="/experiments/new" data-testid="nav-new-experiment">New experiment</a>
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
