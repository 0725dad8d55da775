// Sphinx-style docstrings: prose, then :param name: / :type name: / :returns: / :rtype: / :raises X: fields.
import { type DocModel, emptyModel, joinDescription, setProse } from './docstring-model';

export function parseSphinx(lines: string[]): DocModel {
  const model = emptyModel();
  const prose: string[] = [];
  const fields: { head: string; body: string[] }[] = [];
  for (const line of lines) {
    if (/^\s*:[a-zA-Z]/.test(line)) fields.push({ head: line.trim(), body: [] });
    else if (fields.length > 0) fields[fields.length - 1].body.push(line.trim());
    else prose.push(line);
  }
  setProse(model, prose);
  const types = new Map<string, string>();
  for (const field of fields) {
    const match = /^:(\w+)(?:\s+([^:]*?))?\s*:\s*(.*)$/.exec(field.head);
    if (!match) continue;
    const [, tag, argument = '', text] = match;
    const description = joinDescription(text, field.body).replace(/\n+/g, ' ');
    const words = argument.trim().split(/\s+/).filter(Boolean);
    switch (tag) {
      case 'param':
      case 'parameter':
      case 'arg':
      case 'argument':
      case 'key':
      case 'keyword': {
        const name = words[words.length - 1] ?? '';
        const type = words.length > 1 ? words.slice(0, -1).join(' ') : null;
        if (name) model.params.push({ name, type, description });
        break;
      }
      case 'type':
        if (words[0]) types.set(words[0], text.trim());
        break;
      case 'returns':
      case 'return':
        model.returns = { type: model.returns?.type ?? null, description };
        break;
      case 'rtype':
        model.returns = { type: text.trim() || null, description: model.returns?.description ?? '' };
        break;
      case 'yields':
      case 'yield':
        model.yields = { type: model.yields?.type ?? null, description };
        break;
      case 'ytype':
        model.yields = { type: text.trim() || null, description: model.yields?.description ?? '' };
        break;
      case 'raises':
      case 'raise':
      case 'except':
      case 'exception':
        model.raises.push({ name: words[0] ?? 'Exception', type: null, description });
        break;
      case 'ivar':
      case 'var':
      case 'cvar':
        if (words[0]) model.attributes.push({ name: words[words.length - 1], type: null, description });
        break;
      default:
        model.other.push({ title: tag, body: description });
    }
  }
  for (const param of model.params)
    if (param.type === null && types.has(param.name)) param.type = types.get(param.name) ?? null;
  return model;
}
