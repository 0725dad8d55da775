import type { ReactNode } from 'react';
// The panel's global stylesheets, in cascade order (theme.css last: dark mode overrides the rest).
import './styles/base.css';
import './styles/navigation.css';
import './styles/forms.css';
import './styles/tables.css';
import './styles/progress.css';
import './styles/transcripts.css';
import './styles/lists.css';
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
        {/* For keyboard and screen-reader users: past the navigation in one key. */}
        <a href="#content" className="skip-link">
          Skip to the content
        </a>
        <header className="top-bar">
          <a href="/" className="brand">
            Remora
          </a>
          <span className="tagline">tool-calling agents, measured</span>
          <NavLinks />
        </header>
        <main id="content" tabIndex={-1}>
          {children}
        </main>
      </body>
    </html>
  );
}
