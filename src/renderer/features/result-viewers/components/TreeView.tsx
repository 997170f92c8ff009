import { useState } from 'react';
import type { ReactNode } from 'react';
import type { TreeModel } from '../../../state/results/models';
import type { TEntry, TNode } from '../../../../shared/results/tree';
import { childCount, itemAt, isMapping, scalar, tagName } from '../../../../shared/results/tree';
import { ExportButtons } from './ExportButtons';
import type { JobRef } from './ExportButtons';
import { Notes, Section, TagBadge } from './parts';

const PAGE = 100;

function kindText(node: TNode): string {
  const n = childCount(node);
  if (isMapping(node))
    return `mapping · ${n.toLocaleString('en-US')} ${n === 1 ? 'entry' : 'entries'}`;
  return `list · ${n.toLocaleString('en-US')} ${n === 1 ? 'item' : 'items'}`;
}

function scalarText(node: Extract<TNode, { kind: 'scalar' }>): ReactNode {
  const v = node.value;
  if (v === null) return <span className="rv-tree-null">null</span>;
  if (typeof v === 'string') {
    return (
      <span className="rv-tree-string">
        {v.length > 400
          ? `${v.slice(0, 400)}… (${v.length.toLocaleString('en-US')} characters)`
          : v}
      </span>
    );
  }
  return <span className="rv-tree-number">{String(v)}</span>;
}

/** The i-th child of any collection form, with its key. */
function child(node: TNode, i: number): TEntry {
  if (node.kind === 'map') return node.entries[i]!;
  if (node.kind === 'counts') return { key: node.keys[i]!, value: scalar(node.values[i]!) };
  return { key: `[${i}]`, value: itemAt(node, i)! };
}

function TreeNode({ name, node, depth }: { name: string; node: TNode; depth: number }) {
  const [open, setOpen] = useState(depth < 2);
  const [shown, setShown] = useState(PAGE);
  if (node.kind === 'scalar') {
    return (
      <li className="rv-tree-leaf">
        <span className="rv-tree-key">{name}</span>
        {node.tag ? <TagBadge tag={node.tag} /> : null}
        {scalarText(node)}
      </li>
    );
  }
  const n = childCount(node);
  const items: ReactNode[] = [];
  if (open) {
    for (let i = 0; i < Math.min(n, shown); i++) {
      const c = child(node, i);
      items.push(<TreeNode key={i} name={c.key} node={c.value} depth={depth + 1} />);
    }
  }
  return (
    <li>
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <span className="rv-tree-key">{name}</span>
          {node.tag ? <TagBadge tag={node.tag} /> : null}
          <span className="rv-tree-kind">{kindText(node)}</span>
        </summary>
        {open ? (
          <ul className="rv-tree-children">
            {items}
            {n > shown ? (
              <li>
                <button
                  type="button"
                  className="btn btn-link"
                  onClick={() => setShown((s) => s + PAGE * 10)}
                >
                  Show {Math.min(PAGE * 10, n - shown).toLocaleString('en-US')} more of{' '}
                  {(n - shown).toLocaleString('en-US')}
                </button>
              </li>
            ) : null}
          </ul>
        ) : null}
      </details>
    </li>
  );
}

/**
 * Any result no viewer knows, or whose shape its viewer did not expect: the YAML as a
 * collapsible tree, every tag shown as a badge (code-bearing tags marked, never run).
 */
export function TreeView({
  model,
  job,
  level,
  title,
}: {
  model: TreeModel;
  job: JobRef;
  level: number;
  title?: string;
}) {
  const name = tagName(model.tag);
  const intro =
    model.reason ??
    (model.tag
      ? `No viewer knows ${model.tag} yet, so its structure is shown as it arrived.`
      : 'This value is shown as it arrived.');
  return (
    <Section
      title={title ?? (name ? `${name} (structure)` : 'Result (structure)')}
      level={level}
      tag={model.tag}
      actions={<ExportButtons model={model} job={job} what="the result" />}
      testId="tree-view"
    >
      <p
        className={`callout ${model.reason ? 'callout-warn' : 'callout-info'}`}
        data-testid="tree-reason"
      >
        {intro}
      </p>
      <Notes notes={model.notes} />
      {model.root.kind === 'scalar' ? (
        <pre className="rv-raw">{String(model.root.value ?? '')}</pre>
      ) : (
        <ul className="rv-tree" aria-label="Result structure">
          <TreeNode name={model.path || 'result'} node={model.root} depth={0} />
        </ul>
      )}
    </Section>
  );
}
