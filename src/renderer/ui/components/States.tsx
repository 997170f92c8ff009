import type { ReactNode } from 'react';
import { Icon } from './Icon';
import type { IconName } from './Icon';

/** A designed empty or error state: what happened, and what to do about it. */
export function StateMessage({
  icon = 'info',
  tone = 'neutral',
  title,
  children,
  action,
}: {
  icon?: IconName;
  tone?: 'neutral' | 'err' | 'warn';
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={`state-message state-${tone}`} role={tone === 'err' ? 'alert' : undefined}>
      <Icon name={icon} size={28} />
      <h3>{title}</h3>
      {children ? <div className="state-detail">{children}</div> : null}
      {action ? <div className="state-action">{action}</div> : null}
    </div>
  );
}

/** A placeholder of fixed size, so nothing jumps when the data arrives. */
export function Skeleton({ width, height = '0.9rem' }: { width: string; height?: string }) {
  return <span className="skeleton" style={{ width, height }} aria-hidden="true" />;
}
