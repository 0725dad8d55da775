'use client';
// The prompt the editor holds right now, shared with the playground above it, so a run uses the
// prompt being worked on without copying; and a signal the other way: the playground saved a
// variant, so the editor's list is fetched again.
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { PromptDraft } from '@/lib/panel/agents/requests';

type SharedDraft = {
  draft: PromptDraft | null;
  setDraft(draft: PromptDraft): void;
  variantsRevision: number;
  variantsChanged(): void;
};

const SharedDraftContext = createContext<SharedDraft>({
  draft: null,
  setDraft: () => {},
  variantsRevision: 0,
  variantsChanged: () => {},
});

export function SharedDraftProvider({ children }: { children: ReactNode }) {
  const [draft, setDraft] = useState<PromptDraft | null>(null);
  const [variantsRevision, setRevision] = useState(0);
  const value = useMemo(
    () => ({ draft, setDraft, variantsRevision, variantsChanged: () => setRevision((value) => value + 1) }),
    [draft, variantsRevision],
  );
  return <SharedDraftContext.Provider value={value}>{children}</SharedDraftContext.Provider>;
}

export function useSharedDraft(): SharedDraft {
  return useContext(SharedDraftContext);
}
