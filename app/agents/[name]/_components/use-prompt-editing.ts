'use client';
// The prompt editor's state: the variants, the one open, the text being edited and saving it as a
// version; loading or forking a version from the history; a warning before leaving unsaved text.
import { useEffect, useState } from 'react';
import type { PromptDraft } from '@/lib/panel/agents/requests';
import type {
  PromptVariantsView,
  SavedVariant,
  VariantSummaryView,
  VariantVersionView,
} from '@/lib/panel/agents/variants';
import { agentApi, callApi, type ApiFailure } from '@/app/components/api-client';
import { useSharedDraft } from './shared-draft';

function promptOf(summary: VariantSummaryView | undefined, definition: PromptDraft): PromptDraft {
  return summary?.latest
    ? { systemPrompt: summary.latest.systemPrompt, nodeContext: summary.latest.nodeContext }
    : definition;
}

/** A warning before the page is left while the editor holds unsaved text. */
function useLeaveWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/** The agent's prompt variants as last listed, listed again on demand and when the playground saves one. */
function useVariantList(agentName: string, initial: PromptVariantsView) {
  const [view, setView] = useState(initial);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const refresh = async (): Promise<PromptVariantsView | null> => {
    const answer = await callApi<PromptVariantsView>(agentApi(agentName, '/variants'));
    if (!answer.ok) {
      setFailure(answer);
      return null;
    }
    setView(answer.body);
    return answer.body;
  };

  // The playground saved a variant: list the variants again (the editor's text stays as it is).
  const { variantsRevision } = useSharedDraft();
  useEffect(() => {
    if (variantsRevision > 0) void refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the playground says so
  }, [variantsRevision]);
  return { view, failure, setFailure, refresh };
}

function savedMessage({ version, unchanged }: SavedVariant): string {
  if (unchanged) return `Nothing changed since ${version.name} v${version.version}; no version was added.`;
  const own = version.name === 'default' ? ' The agent’s own prompt is now this one.' : '';
  return `Saved ${version.name} v${version.version}.${own}`;
}

export function usePromptEditing(agentName: string, initial: PromptVariantsView) {
  const { view, failure, setFailure, refresh } = useVariantList(agentName, initial);
  const [selected, setSelected] = useState('default');
  const selectedSummary = view.variants.find((variant) => variant.name === selected);
  const [loaded, setLoaded] = useState<PromptDraft>(promptOf(selectedSummary, initial.definition));
  const [draft, setDraft] = useState<PromptDraft>(loaded);
  const [saveName, setSaveName] = useState('default');
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [revision, setRevision] = useState(0);
  const dirty = draft.systemPrompt !== loaded.systemPrompt || draft.nodeContext !== loaded.nodeContext;
  const publish = useSharedDraft().setDraft;
  useEffect(() => publish(draft), [draft, publish]);
  useLeaveWarning(dirty);

  const open = (name: string, variants: PromptVariantsView) => {
    const prompt = promptOf(
      variants.variants.find((variant) => variant.name === name),
      variants.definition,
    );
    setSelected(name);
    setSaveName(name);
    setLoaded(prompt);
    setDraft(prompt);
    setFailure(null);
  };

  const choose = (name: string) => {
    if (dirty && !window.confirm('Discard the unsaved changes to this prompt?')) return;
    open(name, view);
    setMessage(null);
  };

  /** After a version was added: the variants listed again, that variant open, the history reloaded. */
  const reopen = async (name: string, text: string) => {
    const variants = await refresh();
    if (variants) open(name, variants);
    setRevision((value) => value + 1);
    setMessage(text);
  };

  const save = async () => {
    setSaving(true);
    setFailure(null);
    setMessage(null);
    const answer = await callApi<SavedVariant>(agentApi(agentName, '/variants'), {
      body: { name: saveName, ...draft, ...(note.trim() ? { note: note.trim() } : {}) },
    });
    setSaving(false);
    if (!answer.ok) {
      setFailure(answer);
      return;
    }
    setNote('');
    await reopen(answer.body.version.name, savedMessage(answer.body));
  };

  const loadVersion = (version: VariantVersionView) => {
    setDraft({ systemPrompt: version.systemPrompt, nodeContext: version.nodeContext });
    setMessage(`Loaded ${version.name} v${version.version} into the editor; save it to make it the newest version.`);
  };

  const forked = (version: VariantVersionView) =>
    reopen(version.name, `Forked into ${version.name} v${version.version}.`);

  return {
    view,
    selected,
    selectedSummary,
    draft,
    setDraft,
    dirty,
    message,
    failure,
    revision,
    saveBar: { saveName, setSaveName, note, setNote, saving },
    actions: { choose, save, loadVersion, forked },
  };
}
