import { useMemo } from 'react';
import { VARIANTS } from '../../../shared/variants';
import { Icon } from '../../ui/components/Icon';
import { runCommand } from '../../services/commands';
import { useEditorStore } from '../../state/editor/store';
import { convertPayload } from '../../state/editor/variant-convert';

/**
 * Over a tab that holds a payload of the other variant (left open across a switch of
 * connection): says so, so the schema's complaints below read as what they are, and offers to
 * convert it where the two variants say the same thing, or to close it. Keeping it needs no
 * button: it waits for a connection of its variant.
 */
export function VariantBanner({
  tabId,
  replaceText,
}: {
  tabId: string;
  /** Puts the converted text in the editor (one step that Ctrl+Z undoes). */
  replaceText: (text: string) => void;
}) {
  const text = useEditorStore((s) => s.tabs.find((t) => t.id === tabId)?.text);
  const analysis = useEditorStore((s) => s.analysis[tabId]);
  const variant = useEditorStore((s) => s.variant);
  const from =
    analysis && analysis.text === text && analysis.variant === variant ? analysis.belongsTo : null;
  const conversion = useMemo(
    () => (from && text !== undefined ? convertPayload(text, from, variant) : null),
    [from, text, variant],
  );
  if (!from || !conversion) return null;
  const fromLabel = VARIANTS[from].label;
  const toLabel = VARIANTS[variant].label;
  return (
    <div className="callout callout-warn editor-variant" role="status" data-testid="variant-banner">
      <Icon name="warning" />
      <p>
        <strong>This is a {fromLabel} payload.</strong> The connection in use speaks {toLabel}, so
        it cannot be submitted here, and the problems below are about the variant, not the payload.{' '}
        {conversion.ok
          ? `It can be converted to ${toLabel}, meaning the same (Ctrl+Z undoes it).`
          : `It is not converted: ${conversion.reason}.`}{' '}
        To send it as it is, use a {fromLabel} connection.
      </p>
      <span className="editor-variant-actions">
        {conversion.ok ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => replaceText(conversion.text)}
          >
            Convert to {toLabel}
          </button>
        ) : null}
        <button
          type="button"
          className="btn"
          onClick={() => {
            useEditorStore.getState().activate(tabId);
            runCommand('tab.close');
          }}
        >
          Close this tab
        </button>
      </span>
    </div>
  );
}
