import { useEffect, useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { JobAnnotations } from '../../../../shared/annotations';
import { NOTE_MAX_CHARS, tagProblem } from '../../../../shared/annotations';
import { useAnnotationsStore } from '../../../state/annotations/store';
import { Lineage } from './Lineage';
import './annotations.css';
import { showBidiControls } from '../../../../shared/text/bidi';

/**
 * A job's tags and note (kept on this computer) and where it came from, under the detail's
 * header: tags as chips with a remove button each, an input that adds tags on Enter, the note
 * shown and edited in place. Everything is reachable with the keyboard.
 */
export function JobAnnotationsPanel({
  id,
  onOpenJob,
}: {
  id: number;
  onOpenJob: (id: number) => void;
}) {
  const a = useAnnotationsStore((s) => s.byJob[id]);
  const error = useAnnotationsStore((s) => s.errors[id] ?? null);
  useEffect(() => {
    void useAnnotationsStore.getState().load(id);
  }, [id]);
  return (
    <section className="jm-annotations" aria-label="Tags and note" data-testid="job-annotations">
      <Lineage annotations={a ?? null} onOpenJob={onOpenJob} />
      <TagEditor id={id} tags={a?.tags ?? []} />
      <NoteEditor id={id} annotations={a ?? null} />
      {error ? (
        <p className="jm-ann-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** Read-only tags, for a job of a bundle. */
export function TagList({ tags }: { tags: readonly string[] }) {
  if (!tags.length) return null;
  return (
    <ul className="jm-tags" aria-label="Tags">
      {tags.map((t) => (
        <li key={t} className="jm-tag">
          {t}
        </li>
      ))}
    </ul>
  );
}

function TagEditor({ id, tags }: { id: number; tags: readonly string[] }) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();
  const { addTags, removeTag } = useAnnotationsStore.getState();

  const add = async () => {
    const words = draft
      .split(/[\s,]+/)
      .map((w) => w.replace(/^tag:/i, ''))
      .filter(Boolean);
    if (!words.length) return;
    const bad = words.map(tagProblem).find((p) => p !== null);
    if (bad) {
      setProblem(bad);
      return;
    }
    setProblem(null);
    if (await addTags(id, words)) setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void add();
    }
  };

  return (
    <div className="jm-ann-row">
      <span className="jm-ann-label">Tags</span>
      <ul className="jm-tags" aria-label="Tags">
        {tags.map((t) => (
          <li key={t} className="jm-tag">
            {t}
            <button
              type="button"
              className="jm-tag-remove"
              aria-label={`Remove the tag ${t}`}
              title={`Remove the tag ${t}`}
              onClick={() => void removeTag(id, t)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        className="input jm-tag-input"
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          setProblem(null);
        }}
        onKeyDown={onKeyDown}
        placeholder={tags.length ? 'Add a tag' : 'Add a tag, e.g. calib'}
        aria-label="Add a tag (Enter adds it)"
        aria-describedby={hintId}
        aria-invalid={problem ? true : undefined}
        data-testid="tag-input"
      />
      <span
        id={hintId}
        className={problem ? 'jm-ann-problem' : 'visually-hidden'}
        role={problem ? 'alert' : undefined}
      >
        {problem ?? 'Letters, digits, . _ - / ; up to 40 characters. Enter adds it.'}
      </span>
    </div>
  );
}

function NoteEditor({ id, annotations }: { id: number; annotations: JobAnnotations | null }) {
  const note = annotations?.note ?? '';
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note);
  const areaId = useId();

  const save = async () => {
    if (await useAnnotationsStore.getState().setNote(id, draft.trim())) setEditing(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setEditing(false);
    }
  };

  if (editing) {
    return (
      <div className="jm-ann-row jm-ann-note-edit">
        <label className="jm-ann-label" htmlFor={areaId}>
          Note
        </label>
        <textarea
          id={areaId}
          className="input jm-note-area"
          value={draft}
          maxLength={NOTE_MAX_CHARS}
          rows={3}
          autoFocus
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          data-testid="note-input"
        />
        <div className="jm-note-actions">
          <button type="button" className="btn btn-primary" onClick={() => void save()}>
            Save note
          </button>
          <button type="button" className="btn" onClick={() => setEditing(false)}>
            Cancel
          </button>
          <span className="muted">Ctrl+Enter saves, Esc cancels</span>
        </div>
      </div>
    );
  }
  return (
    <div className="jm-ann-row">
      <span className="jm-ann-label">Note</span>
      {note ? (
        <p className="jm-note" data-testid="job-note">
          {showBidiControls(note)}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-ghost jm-note-edit"
        onClick={() => {
          setDraft(note);
          setEditing(true);
        }}
      >
        {note ? 'Edit note' : 'Add a note'}
      </button>
    </div>
  );
}
