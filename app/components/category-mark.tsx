// The one way a category (a parse path, an error kind, an outcome) is marked outside the charts:
// its chart colour (lib/metrics/prepare-palette.ts), its texture for parse paths, and its name
// beside it, so the same path or error looks the same in every chart, table and transcript, and
// is never told by colour alone.
import type { CSSProperties } from 'react';
import { errorColour, OUTCOME_COLOURS, parsePathStyle, type FillPattern } from '@/lib/metrics/prepare-palette';

export function CategorySwatch({ colour, pattern = 'solid' }: { colour: string; pattern?: FillPattern }) {
  return (
    <span
      className="category-swatch"
      data-pattern={pattern}
      style={{ '--swatch': colour } as CSSProperties}
      aria-hidden="true"
    />
  );
}

/** A parse path (null: the request failed) as a chip: swatch, then the name. */
export function PathMark({ path, testId }: { path: string | null; testId?: string }) {
  const { colour, pattern } = parsePathStyle(path);
  const name = path ?? 'request failed';
  return (
    <span className="category-mark" data-testid={testId} data-path={name}>
      <CategorySwatch colour={colour} pattern={pattern} />
      {name}
    </span>
  );
}

export function ErrorKindMark({ kind }: { kind: string }) {
  return (
    <span className="category-mark" data-error-kind={kind}>
      <CategorySwatch colour={errorColour(kind)} />
      {kind}
    </span>
  );
}

/** The swatch for a key of the summary's count tables: parse paths, outcomes or error kinds. */
export function countKeySwatch(table: 'parse-paths' | 'outcomes' | 'errors', key: string) {
  if (table === 'parse-paths') {
    const { colour, pattern } = parsePathStyle(key);
    return <CategorySwatch colour={colour} pattern={pattern} />;
  }
  if (table === 'outcomes')
    return <CategorySwatch colour={OUTCOME_COLOURS[key as keyof typeof OUTCOME_COLOURS] ?? '#757575'} />;
  return <CategorySwatch colour={errorColour(key)} />;
}
