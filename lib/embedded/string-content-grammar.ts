// The grammar of an escaped string's content: any text that contains none of the given words.
// FunctionGemma closes a string with the next `<escape>`, and no other control token belongs inside
// a string value (llama.cpp matches a control token through its text, so forbidding the text
// forbids the token).
//
// The rules are the states of an Aho-Corasick automaton over the words: a state is the longest
// suffix of the text so far that is a prefix of some word (a trie node), and each rule says, per
// character, which state comes next. A character that would complete a word (reach a trie node
// that ends a word, itself or through its suffix links) is not allowed; characters that appear in
// no word send the automaton back to the start. Every state may end the string.
import { RuleSet, characterClass, literal } from './gbnf';

type TrieNode = { prefix: string; children: Map<string, TrieNode>; terminal: boolean; suffix: TrieNode | null };

function buildAutomaton(words: string[]): { root: TrieNode; nodes: TrieNode[] } {
  const root: TrieNode = { prefix: '', children: new Map(), terminal: false, suffix: null };
  for (const word of words) {
    let node = root;
    for (const character of word) {
      let child = node.children.get(character);
      if (!child) {
        child = { prefix: node.prefix + character, children: new Map(), terminal: false, suffix: null };
        node.children.set(character, child);
      }
      node = child;
    }
    node.terminal = true;
  }
  // Suffix links, breadth first; a node whose suffix ends a word also ends one.
  const nodes: TrieNode[] = [root];
  for (let index = 0; index < nodes.length; index += 1) {
    const node = nodes[index];
    for (const [character, child] of node.children) {
      child.suffix = node === root ? root : step(node.suffix as TrieNode, character, root);
      child.terminal ||= child.suffix.terminal;
      nodes.push(child);
    }
  }
  return { root, nodes };
}

function step(from: TrieNode, character: string, root: TrieNode): TrieNode {
  for (let node: TrieNode | null = from; node !== null; node = node.suffix) {
    const child = node.children.get(character);
    if (child) return child;
  }
  return root;
}

// Inside a JSON string: `"` and `\` only as an escape, no control character raw.
const JSON_RAW_FORBIDDEN = ['"', '\\', '\u007f', ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code))];
const JSON_ESCAPE = '"\\\\" (["\\\\/bfnrt] | "u" [0-9a-fA-F]{4})';

/**
 * Adds the rules to `rules` and returns the name of the rule that matches the content. `json`:
 * the content of a JSON string (characters JSON allows raw, and escapes), else any text.
 */
export function addStringContentRules(
  rules: RuleSet,
  forbiddenWords: string[],
  namePrefix = 'str',
  json = false,
): string {
  if (forbiddenWords.some((word) => word === '')) throw new Error('a forbidden word cannot be empty');
  if (forbiddenWords.length === 0 && !json) return rules.add(`${namePrefix}-any`, `[^\\x00]*`);
  const { root, nodes } = buildAutomaton(forbiddenWords);
  const alphabet = new Set(
    forbiddenWords.flatMap((word) => [...word]).filter((character) => !json || !JSON_RAW_FORBIDDEN.includes(character)),
  );
  const names = new Map<TrieNode, string>();
  const nameOf = (node: TrieNode): string => {
    let name = names.get(node);
    if (!name) {
      name = rules.reserve(`${namePrefix}-${names.size}`);
      names.set(node, name);
    }
    return name;
  };
  nameOf(root);
  for (const node of nodes) {
    if (node.terminal) continue; // never reached
    const alternatives: string[] = ['""'];
    // Characters that lead anywhere but the start are spelled out (or refused); the rest restart.
    const special: string[] = [];
    for (const character of alphabet) {
      const next = step(node, character, root);
      if (next === root) continue;
      special.push(character);
      if (!next.terminal) alternatives.push(`${literal(character)} ${nameOf(next)}`);
    }
    const refused = json ? [...special, ...JSON_RAW_FORBIDDEN] : [...special, '\u0000'];
    alternatives.push(`${characterClass(refused, true)} ${nameOf(root)}`);
    // An escape cannot be part of a forbidden word (none holds a quote or a backslash): it restarts.
    if (json) alternatives.push(`${JSON_ESCAPE} ${nameOf(root)}`);
    rules.define(nameOf(node), alternatives.join(' | '));
  }
  return nameOf(root);
}
