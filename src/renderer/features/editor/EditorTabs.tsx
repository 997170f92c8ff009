import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Icon } from '../../ui/components/Icon';
import { isDirty, useEditorStore } from '../../state/editor/store';
import type { EditorTab } from '../../state/editor/store';

/** Renames a tab in place (double-click or F2); Enter keeps, Escape cancels. */
function RenameInput({ tab, onDone }: { tab: EditorTab; onDone: () => void }) {
  const rename = useEditorStore((s) => s.renameTab);
  const [value, setValue] = useState(tab.title);
  const commit = () => {
    rename(tab.id, value);
    onDone();
  };
  return (
    <input
      className="tab-rename input"
      aria-label="Tab name"
      value={value}
      autoFocus
      onFocus={(e) => e.target.select()}
      onChange={(e) => setValue(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') onDone();
      }}
    />
  );
}

/**
 * The open payloads as tabs (WAI-ARIA tabs: arrows move, Delete closes, F2 renames). A dot
 * marks unsaved changes; closing a tab with changes asks first (`onClose`).
 */
export function EditorTabs({
  onClose,
  panelId,
}: {
  onClose: (id: string) => void;
  panelId: string;
}) {
  const tabs = useEditorStore((s) => s.tabs);
  const activeId = useEditorStore((s) => s.activeId);
  const activate = useEditorStore((s) => s.activate);
  const [editing, setEditing] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);

  // The strip has no scrollbar of its own (it squeezed the tabs): the active tab is brought
  // into view, and a mouse wheel scrolls the strip sideways.
  useEffect(() => {
    list.current
      ?.querySelector(`[data-tab-id="${activeId}"]`)
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activeId, tabs.length]);

  const focusTab = (id: string | undefined) => {
    if (!id) return;
    activate(id);
    requestAnimationFrame(() =>
      list.current?.querySelector<HTMLElement>(`[data-tab-id="${id}"]`)?.focus(),
    );
  };

  const onKeyDown = (e: KeyboardEvent, index: number, tab: EditorTab) => {
    if (e.key === 'ArrowRight') focusTab(tabs[(index + 1) % tabs.length]?.id);
    else if (e.key === 'ArrowLeft') focusTab(tabs[(index - 1 + tabs.length) % tabs.length]?.id);
    else if (e.key === 'Home') focusTab(tabs[0]?.id);
    else if (e.key === 'End') focusTab(tabs[tabs.length - 1]?.id);
    else if (e.key === 'F2') setEditing(tab.id);
    else if (e.key === 'Delete') onClose(tab.id);
    else return;
    e.preventDefault();
  };

  return (
    <div
      className="tabs"
      role="tablist"
      aria-label="Open payloads"
      ref={list}
      onWheel={(e) => {
        if (list.current && Math.abs(e.deltaY) > Math.abs(e.deltaX))
          list.current.scrollLeft += e.deltaY;
      }}
    >
      {tabs.map((tab, index) => {
        const dirty = isDirty(tab);
        const active = tab.id === activeId;
        return (
          <div
            key={tab.id}
            className={`tab ${active ? 'is-active' : ''} ${dirty ? 'is-dirty' : ''}`}
          >
            {editing === tab.id ? (
              <RenameInput
                tab={tab}
                onDone={() => {
                  setEditing(null);
                  focusTab(tab.id);
                }}
              />
            ) : (
              <button
                type="button"
                role="tab"
                id={`tab-${tab.id}`}
                data-tab-id={tab.id}
                aria-selected={active}
                aria-controls={panelId}
                tabIndex={active ? 0 : -1}
                className="tab-button"
                title={`${tab.path ?? tab.title}${dirty ? ' (unsaved changes)' : ''} — double-click or F2 to rename`}
                onClick={() => activate(tab.id)}
                onDoubleClick={() => setEditing(tab.id)}
                onKeyDown={(e) => onKeyDown(e, index, tab)}
              >
                <Icon name="editor" size={14} />
                <span className="tab-title">{tab.title}</span>
                {dirty ? <span className="visually-hidden">, unsaved changes</span> : null}
              </button>
            )}
            <button
              type="button"
              className="tab-close"
              tabIndex={-1}
              aria-label={`Close ${tab.title}${dirty ? ' (unsaved changes)' : ''}`}
              title={dirty ? 'Unsaved changes — close' : 'Close'}
              onClick={() => onClose(tab.id)}
            >
              <span className="dirty-dot" aria-hidden="true" />
              <Icon name="close" size={13} className="close-x" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
