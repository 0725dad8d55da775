import type { ReactNode } from 'react';
import './globals.css';
import './theme.css';
import { NavLinks } from './components/nav-links';

export const metadata = {
  title: { default: 'Remora', template: '%s' },
  description: 'Run and measure small tool-calling models as agents',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="top-bar">
          <a href="/" className="brand">
            Remora
          </a>
          <span className="tagline">tool-calling agents, measured</span>
          <NavLinks />
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
