// Numbers and texts as the pages show them. Pure functions, shared by server and client components.
import { parseJson } from '../protocol/json';

const DASH = '—';

/** 0.953 -> "95.3%"; a missing value is a dash, never 0. */
export function formatPercent(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return `${(value * 100).toFixed(digits)}%`;
}

/** The 95% interval of a rate: "88.1–98.2%". */
export function formatInterval(low: number | null | undefined, high: number | null | undefined): string {
  if (low === null || low === undefined || high === null || high === undefined) return '';
  return `${(low * 100).toFixed(1)}–${(high * 100).toFixed(1)}%`;
}

export function formatNumber(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return Number.isInteger(value) ? String(value) : value.toFixed(digits);
}

export function formatMilliseconds(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  if (value >= 10_000) return `${(value / 1000).toFixed(1)} s`;
  return `${Math.round(value)} ms`;
}

/** A time stamp as "2026-05-01 14:03:09" (UTC, so that server and browser agree). */
export function formatTime(milliseconds: number | null | undefined): string {
  if (milliseconds === null || milliseconds === undefined) return DASH;
  // Always UTC, and said so: a time without its zone reads as the reader's own.
  return `${new Date(milliseconds).toISOString().replace('T', ' ').slice(0, 19)} UTC`;
}

/** The first block of a UUID: enough to tell experiments apart on a page. */
export function shortId(id: string): string {
  return id.length > 13 ? id.slice(0, 13) : id;
}

/** Text that holds JSON, indented; anything else as it came. */
export function prettyJsonText(text: string | null | undefined): string {
  if (text === null || text === undefined) return '';
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  const parsed = parseJson(trimmed);
  return parsed.ok ? JSON.stringify(parsed.value, null, 2) : text;
}

export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? 'undefined';
}

// Comparisons in words: lib/metrics/describe.ts (one sentence builder for the command line and the panel).

export const UNFINISHED = new Set(['pending', 'running']);

/** The text cut to at most `limit` characters, the last one then "…"; nothing for no text. */
export function clip(text: string | null, limit: number): string {
  if (!text) return '';
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
