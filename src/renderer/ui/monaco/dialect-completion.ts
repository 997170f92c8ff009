import type * as Monaco from 'monaco-editor';
import { dialectCompletions } from '../../../shared/dialect/completion';
import type { DialectSuggestion } from '../../../shared/dialect/completion';
import type { VariantId } from '../../../shared/variants';

function kindOf(monaco: typeof Monaco, item: DialectSuggestion) {
  const kinds = monaco.languages.CompletionItemKind;
  return item.kind === 'tag'
    ? kinds.Class
    : item.kind === 'field'
      ? kinds.Property
      : kinds.EnumMember;
}

/**
 * Completion from the payload dialect's declaration (src/shared/dialect/completion.ts): tags
 * where a tag can stand, an object's missing fields (required first, marked), a field's fixed
 * values. Sorted ahead of monaco-yaml's items, which complete `type` and the payload fields.
 */
export function registerDialectCompletion(
  monaco: typeof Monaco,
  on: {
    /** The variant of the payloads being edited, at the time of asking. */
    variant: () => VariantId;
    /** Whether a model is a payload (the job monitor's read-only views are not). */
    applies: (uri: Monaco.Uri) => boolean;
  },
): Monaco.IDisposable {
  return monaco.languages.registerCompletionItemProvider('yaml', {
    triggerCharacters: [' ', '!', '{', ','],
    provideCompletionItems(model, position) {
      if (!on.applies(model.uri)) return { suggestions: [] };
      const offset = model.getOffsetAt(position);
      const found = dialectCompletions(on.variant(), model.getValue(), offset);
      if (!found) return { suggestions: [] };
      const start = model.getPositionAt(found.from);
      const range = new monaco.Range(
        start.lineNumber,
        start.column,
        position.lineNumber,
        position.column,
      );
      const suggestions = found.items.map((item, i): Monaco.languages.CompletionItem => ({
        label: {
          label: item.label,
          description: item.kind === 'field' ? (item.required ? 'required' : 'optional') : '',
        },
        kind: kindOf(monaco, item),
        detail: item.detail,
        insertText: item.insertText,
        insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
        range,
        filterText: item.label,
        // Ahead of the JSON Schema's items; in declaration order among themselves.
        sortText: `0${String(i).padStart(4, '0')}`,
        ...(item.retrigger
          ? { command: { id: 'editor.action.triggerSuggest', title: 'Suggest' } }
          : {}),
      }));
      return { suggestions };
    },
  });
}
