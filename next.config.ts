import type { NextConfig } from 'next';

const config: NextConfig = {
  // better-sqlite3 is a native module; Next must not bundle it.
  serverExternalPackages: ['better-sqlite3'],
  poweredByHeader: false,
};

export default config;
