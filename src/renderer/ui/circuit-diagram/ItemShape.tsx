import { memo } from 'react';
import type { DiagramItem } from '../../../shared/circuit-layout';
import type { Shape } from './shapes';
import { itemBounds, itemShapes } from './shapes';

function ShapeElement({ s }: { s: Shape }) {
  switch (s.t) {
    case 'rect':
      return <rect className={s.cls} x={s.x} y={s.y} width={s.w} height={s.h} rx={4} />;
    case 'line':
      return <line className={s.cls} x1={s.x1} y1={s.y1} x2={s.x2} y2={s.y2} />;
    case 'circle':
      return <circle className={s.cls} cx={s.cx} cy={s.cy} r={s.r} />;
    case 'text':
      return (
        <text className={s.cls} x={s.x} y={s.y}>
          {s.text}
        </text>
      );
  }
}

/** One gate, measurement or unread item: a focusable control named for a screen reader. */
export const ItemShape = memo(function ItemShape({
  item,
  index,
  focusable,
  active,
  choosable,
}: {
  item: DiagramItem;
  index: number;
  focusable: boolean;
  active: boolean;
  /** A button when choosing it does something, else an image with a name. */
  choosable: boolean;
}) {
  const b = itemBounds(item);
  const classes = ['circuit-item', active ? 'is-active' : '', item.problem ? 'has-problem' : '']
    .filter(Boolean)
    .join(' ');
  const name = item.problem
    ? `${item.accessibleName}; problem: ${item.problem}`
    : item.accessibleName;
  return (
    <g
      className={classes}
      role={choosable ? 'button' : 'img'}
      tabIndex={focusable ? 0 : -1}
      aria-label={name}
      aria-current={active ? 'true' : undefined}
      data-index={index}
      data-line={item.line}
    >
      <title>{item.problem ? `${item.title}\n${item.problem}` : item.title}</title>
      <rect className="circuit-hit" x={b.x} y={b.y} width={b.w} height={b.h} rx={6} />
      {itemShapes(item).map((s, i) => (
        <ShapeElement key={i} s={s} />
      ))}
    </g>
  );
});
