import type { ReactNode } from 'react';
import { codeBearingTag, displayTag } from '../../../../shared/yaml';
import { Icon } from '../../../ui/components/Icon';

/** Small pieces every viewer uses: tag badges, notes, figures, sections. */

export function TagBadge({ tag }: { tag: string | null }) {
  if (!tag) return <span className="badge badge-neutral">untagged</span>;
  const code = codeBearingTag(tag);
  return (
    <span
      className={`badge rv-tag ${code ? 'badge-err' : 'badge-neutral'}`}
      title={code ? 'This tag carries code for the service; it is shown, never run.' : 'YAML tag'}
    >
      {displayTag(tag)}
      {code ? ' · code, not run' : ''}
    </span>
  );
}

export function Notes({ notes }: { notes: readonly string[] }) {
  if (!notes.length) return null;
  return (
    <ul className="rv-notes" aria-label="Notes on this result">
      {notes.map((n) => (
        <li key={n} className="callout callout-warn">
          <Icon name="warning" />
          <span>{n}</span>
        </li>
      ))}
    </ul>
  );
}

export interface Fact {
  label: string;
  value: ReactNode;
  /** A badge look for checks: ok or warn. */
  tone?: 'ok' | 'warn';
  testId?: string;
}

/** Key numbers of a result, in a row of labelled values. */
export function Facts({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className="rv-facts">
      {facts.map((f) => (
        <div key={f.label} className={`rv-fact${f.tone ? ` rv-fact-${f.tone}` : ''}`}>
          <dt>{f.label}</dt>
          <dd data-testid={f.testId}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled part of a viewer; nested results get the next heading level. */
export function Section({
  title,
  level,
  tag,
  actions,
  children,
  testId,
}: {
  title: string;
  level: number;
  tag?: string | null;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const H = `h${Math.min(6, Math.max(2, level))}` as 'h2';
  return (
    <section className="rv-section" data-testid={testId}>
      <header className="rv-section-head">
        <H className="rv-section-title">{title}</H>
        {tag !== undefined ? <TagBadge tag={tag} /> : null}
        <span className="rv-spacer" />
        {actions}
      </header>
      {children}
    </section>
  );
}
