import { describe, expect, it } from 'vitest';
import { renderTemplate, unknownTemplateVariables } from './template';

describe('renderTemplate', () => {
  it('fills variables with or without spaces inside the braces', () => {
    const template = 'Request:\n{{ node_text }} in {{file_path}} ({{  node_name  }}, {{ node_type}})';
    expect(
      renderTemplate(template, { node_text: 'x = 1', file_path: 'a.py', node_name: 'f', node_type: 'function' }),
    ).toBe('Request:\nx = 1 in a.py (f, function)');
  });

  it('renders missing and null values as empty text', () => {
    expect(renderTemplate('[{{ file_path }}|{{ node_name }}]', { node_text: 't', node_name: null })).toBe('[|]');
  });

  it('inserts values literally, even when they hold braces or placeholders', () => {
    expect(renderTemplate('{{ node_text }}', { node_text: '{{ file_path }} and $& and {x}' })).toBe(
      '{{ file_path }} and $& and {x}',
    );
  });

  it('leaves unknown placeholders as written', () => {
    expect(renderTemplate('{{ nodetext }} {{ node_text }}', { node_text: 'v' })).toBe('{{ nodetext }} v');
  });
});

describe('unknownTemplateVariables', () => {
  it('lists every placeholder that is not a known variable, once', () => {
    expect(unknownTemplateVariables('{{ node_text }} {{ code }} {{code}} {{ node-text }} {{}}')).toEqual([
      'code',
      'node-text',
      '',
    ]);
  });

  it('finds nothing in a template with only known variables or none', () => {
    expect(unknownTemplateVariables('{{ node_text }}\n{{ file_path }}')).toEqual([]);
    expect(unknownTemplateVariables('a { single } brace')).toEqual([]);
  });
});
