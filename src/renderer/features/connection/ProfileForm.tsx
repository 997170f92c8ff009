import { useState } from 'react';
import type { ReactNode } from 'react';
import { DEFAULT_DEADLINE_MS, DEFAULT_TIMEOUT_MS } from '../../../shared/ipc/schemas';
import type { ProfileView } from '../../../shared/ipc/schemas';
import { VARIANT_IDS, VARIANTS } from '../../../shared/variants';
import { BASE_URL_EXAMPLE, PATH_HINTS, PATH_KEYS, slugify, validateDraft } from './profile-form';
import type { ProfileDraft, SecondsField } from './profile-form';
import { ConnectionTestResult } from './ConnectionTestResult';

/** One text field with its label, hint and (once touched) its validation message. */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string;
  }) => ReactNode;
}) {
  const noteId = `${id}-note`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': noteId })}
      <span id={noteId} className={error ? 'field-error' : 'field-hint'}>
        {error ?? hint ?? ''}
      </span>
    </div>
  );
}

function hasAdvancedSettings(d: ProfileDraft): boolean {
  return (
    PATH_KEYS.some((k) => d.paths[k]) ||
    Boolean(d.flagsFull || d.flagsLight || d.timeoutSeconds || d.deadlineSeconds)
  );
}

/**
 * Edits one connection profile, validated as you type with the contract's `profileSchema`.
 * Built-in simulator profiles are shown read-only: the app sets their address at start.
 */
export function ProfileForm({
  initial,
  isNew,
  takenIds,
  onSave,
  onUse,
  onDelete,
}: {
  initial: ProfileDraft;
  isNew: boolean;
  takenIds: string[];
  onSave: (profile: ProfileView) => Promise<void>;
  onUse: (() => void) | null;
  onDelete: (() => void) | null;
}) {
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // Open at first when the profile sets something in there; after that, as the person leaves it
  // (clearing the last override must not fold the section away under their cursor).
  const [advancedOpen, setAdvancedOpen] = useState(() => hasAdvancedSettings(initial));
  const readOnly = draft.builtin === 'simulator';
  const { profile, errors } = validateDraft(draft, isNew ? takenIds : []);
  const shown = (key: string) => (tried || touched[key] ? errors[key] : undefined);

  const update = (patch: Partial<ProfileDraft>, key: string) => {
    setDraft((d) => {
      const next = { ...d, ...patch };
      if (isNew && 'name' in patch) next.id = slugify(next.name);
      return next;
    });
    setTouched((t) => ({ ...t, [key]: true }));
    setSaveError(null);
  };

  const save = async () => {
    setTried(true);
    if (!profile) return;
    setSaving(true);
    try {
      await onSave(profile);
    } catch (error) {
      setSaveError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const seconds = (key: SecondsField, label: string, hint: string, placeholder?: string) => (
    <Field id={`profile-${key}`} label={label} hint={hint} error={shown(key)}>
      {(p) => (
        <input
          {...p}
          className="input poll-input"
          inputMode="decimal"
          placeholder={placeholder}
          value={draft[key]}
          readOnly={readOnly}
          onChange={(e) => update({ [key]: e.target.value }, key)}
        />
      )}
    </Field>
  );

  const text = (key: 'name' | 'baseUrl' | 'user' | 'audience', label: string, hint?: string) => (
    <Field id={`profile-${key}`} label={label} hint={hint} error={shown(key)}>
      {(p) => (
        <input
          {...p}
          className="input"
          value={draft[key]}
          readOnly={readOnly}
          // "New connection" was pressed: the next keys are its name.
          autoFocus={isNew && key === 'name'}
          spellCheck={false}
          onChange={(e) => update({ [key]: e.target.value }, key)}
        />
      )}
    </Field>
  );

  return (
    <form
      className="form profile-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      noValidate
    >
      {readOnly ? (
        <p className="callout callout-info">
          A built-in simulator connection: it runs inside the app, works offline and logs in by
          itself. Add a connection to reach a real service.
        </p>
      ) : null}
      <div className="form-grid">
        {text('name', 'Name', isNew && draft.id ? `Saved as “${draft.id}”.` : undefined)}
        <Field id="profile-variant" label="Variant" hint="The data model the service speaks.">
          {(p) => (
            <select
              {...p}
              className="select"
              value={draft.variant}
              disabled={readOnly}
              onChange={(e) => {
                const variant = VARIANT_IDS.find((v) => v === e.target.value);
                if (variant) update({ variant }, 'variant');
              }}
            >
              {VARIANT_IDS.map((v) => (
                <option key={v} value={v}>
                  {VARIANTS[v].label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {text(
        'baseUrl',
        'Base URL',
        `Where the service’s endpoints live; it ends in the API version, for example ${BASE_URL_EXAMPLE}.`,
      )}
      <div className="form-grid">
        {text('user', 'Default user', 'Pre-filled in the login form.')}
        {text('audience', 'Audience', 'Sent with the login when the service asks for one.')}
      </div>
      {seconds('pollSeconds', 'Poll interval (seconds)', 'How often running jobs are checked.')}
      <details
        className="paths"
        open={advancedOpen}
        onToggle={(e) => setAdvancedOpen(e.currentTarget.open)}
      >
        <summary>Endpoint overrides, query flags and time-outs</summary>
        <p className="field-hint">Leave empty to use the defaults.</p>
        <div className="form-grid">
          {seconds(
            'timeoutSeconds',
            'Request time-out (seconds)',
            'How long one request may wait for an answer.',
            String(DEFAULT_TIMEOUT_MS / 1000),
          )}
          {seconds(
            'deadlineSeconds',
            'Give up after (seconds)',
            'How long a call may take over all its retries.',
            String(DEFAULT_DEADLINE_MS / 1000),
          )}
        </div>
        <div className="form-grid">
          {PATH_KEYS.map((k) => (
            <Field
              key={k}
              id={`profile-path-${k}`}
              label={k}
              hint={PATH_HINTS[k]}
              error={shown(`paths.${k}`)}
            >
              {(p) => (
                <input
                  {...p}
                  className="input mono"
                  placeholder={k === 'cancel' ? 'none' : '/…'}
                  value={draft.paths[k]}
                  readOnly={readOnly}
                  onChange={(e) =>
                    update({ paths: { ...draft.paths, [k]: e.target.value } }, `paths.${k}`)
                  }
                />
              )}
            </Field>
          ))}
        </div>
        <div className="form-grid">
          {(['flagsFull', 'flagsLight'] as const).map((k) => (
            <Field
              key={k}
              id={`profile-${k}`}
              label={k === 'flagsFull' ? 'Query flags: full job' : 'Query flags: polling'}
              hint={
                k === 'flagsFull'
                  ? 'Asks for payload, result and logs.'
                  : 'The cheap lookup used while polling.'
              }
              error={shown(k)}
            >
              {(p) => (
                <input
                  {...p}
                  className="input mono"
                  placeholder="name=value&…"
                  value={draft[k]}
                  readOnly={readOnly}
                  onChange={(e) => update({ [k]: e.target.value }, k)}
                />
              )}
            </Field>
          ))}
        </div>
      </details>
      <ConnectionTestResult profile={profile} />
      {saveError ? (
        <p className="callout callout-err" role="alert">
          {saveError}
        </p>
      ) : null}
      <div className="form-actions">
        {onDelete && !readOnly ? (
          <button type="button" className="btn btn-danger" onClick={onDelete}>
            Delete
          </button>
        ) : null}
        <span className="spacer" />
        {onUse ? (
          <button type="button" className="btn" onClick={onUse}>
            Use this connection
          </button>
        ) : null}
        {!readOnly ? (
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving…' : isNew ? 'Add connection' : 'Save'}
          </button>
        ) : null}
      </div>
    </form>
  );
}
