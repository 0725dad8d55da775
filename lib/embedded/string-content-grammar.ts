// The grammar of an escaped string's content: any text that does not contain any of the given
// words. FunctionGemma closes a string with the next `<escape>`, and the native parser ends a call's
// text at `<end_function_call>`, `<start_function_call>`, `<start_function_response>` and
// `<end_of_turn>`, so none of them may appear inside a string value.
//
// The words form a trie; a rule per trie node (a prefix of some word matched so far) says which
// characters continue a word, which start one again, and which fall back to the start. A node that
// completes a word has no rule: the character that would reach it is not allowed. Every node may
// end the string. Reaching a node only depends on the last characters, as in an Aho-Corasick
// automaton; the fallbacks here are exact as long as every word starts with a character that
// appears nowhere else in any word (true of `<` in these words), which the builder checks.
import { RuleSet, characterClass, literal } from './gbnf';

type TrieNode = { prefix: string; children: Map<string, TrieNode>; terminal: boolean };

function buildTrie(words: string[]): TrieNode {
  const root: TrieNode = { prefix: '', children: new Map(), terminal: false };
  for (const word of words) {
    let node = root;
    for (const character of word) {
      let child = node.children.get(character);
      if (!child) {
        child = { prefix: node.prefix + character, children: new Map(), terminal: false };
        node.children.set(character, child);
      }
      node = child;
    }
    node.terminal = true;
  }
  return root;
}

/** Adds the rules to `rules` and returns the name of the rule that matches the content. */
export function addStringContentRules(rules: RuleSet, forbiddenWords: string[], namePrefix = 'str'): string {
  if (forbiddenWords.length === 0) return rules.add(`${namePrefix}-any`, `[^\\x00]*`);
  const starters = new Set(forbiddenWords.map((word) => [...word][0]));
  if (starters.size !== 1) throw new Error('every forbidden word must start with the same character');
  const [starter] = starters;
  for (const word of forbiddenWords) {
    if ([...word].slice(1).includes(starter)) throw new Error(`"${word}" holds its first character again`);
  }
  const root = buildTrie(forbiddenWords);
  const starterNode = root.children.get(starter);
  if (!starterNode) throw new Error('the trie has no starter node');

  const names = new Map<TrieNode, string>();
  const nameOf = (node: TrieNode): string => {
    let name = names.get(node);
    if (!name) {
      name = rules.reserve(`${namePrefix}-${names.size}`);
      names.set(node, name);
    }
    return name;
  };
  const pending: TrieNode[] = [root];
  const seen = new Set<TrieNode>();
  while (pending.length > 0) {
    const node = pending.pop() as TrieNode;
    if (seen.has(node)) continue;
    seen.add(node);
    const alternatives: string[] = ['""'];
    // Characters that continue a word (the starter is handled on its own below).
    const continuing = [...node.children.keys()].filter((character) => character !== starter);
    for (const character of continuing) {
      const child = node.children.get(character) as TrieNode;
      if (child.terminal) continue; // completing a word is not allowed
      alternatives.push(`${literal(character)} ${nameOf(child)}`);
      pending.push(child);
    }
    // The starter always begins a (new) word; anything else falls back to the root.
    if (!starterNode.terminal) {
      alternatives.push(`${literal(starter)} ${nameOf(starterNode)}`);
      pending.push(starterNode);
    }
    alternatives.push(`${characterClass([starter, ...continuing, '\u0000'], true)} ${nameOf(root)}`);
    rules.define(nameOf(node), alternatives.join(' | '));
  }
  return nameOf(root);
}
