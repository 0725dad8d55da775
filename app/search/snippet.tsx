// The passage a search matched in, its words highlighted. Model output and tool results are
// untrusted: each piece is text React escapes, the highlight an element around a piece, never HTML.
import type { SearchSnippet } from '@/lib/db/queries/search-snippets';

const PART: Record<SearchSnippet['column'], string> = {
  input: 'input',
  answers: 'answer',
  calls: 'tool call',
  results: 'tool result',
};

export function SnippetText({ snippet }: { snippet: SearchSnippet }) {
  return (
    <span className="search-snippet" data-testid="search-snippet" data-column={snippet.column}>
      <span className="muted">{PART[snippet.column]}: </span>
      {snippet.pieces.map((piece, index) =>
        piece.match ? <mark key={index}>{piece.text}</mark> : <span key={index}>{piece.text}</span>,
      )}
    </span>
  );
}
