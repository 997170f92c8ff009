import { useState } from 'react';
import { Dialog } from '../../ui/components/Dialog';
import { ConfirmDialog } from '../../ui/components/ConfirmDialog';
import { Icon } from '../../ui/components/Icon';
import { describeError } from '../../services/errors';
import { useAppStore } from '../../state/app/store';
import { selectNeedsLogin, useConnectionStore } from '../../state/connection/store';
import { ProfileForm } from './ProfileForm';
import { draftFromProfile, emptyDraft } from './profile-form';
import { VariantBadge } from './VariantBadge';

const NEW = '__new';

/** Manage connections: a list on the left, the chosen profile's form on the right. */
export function ProfileDialog() {
  const profiles = useConnectionStore((s) => s.profiles);
  const activeId = useConnectionStore((s) => s.activeId);
  const { saveProfile, deleteProfile, activate } = useConnectionStore.getState();
  const start = useAppStore((s) => s.dialogProfileId);
  const close = () => useAppStore.getState().openDialog(null);
  const notify = useAppStore((s) => s.notify);
  const [selected, setSelected] = useState<string>(start ?? activeId ?? profiles[0]?.id ?? NEW);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const current = profiles.find((p) => p.id === selected) ?? null;
  const isNew = selected === NEW || !current;

  const use = async (id: string) => {
    await activate(id);
    close();
    if (selectNeedsLogin(useConnectionStore.getState())) useAppStore.getState().openDialog('login');
  };

  return (
    <Dialog title="Connections" onClose={close} width={52}>
      <div className="profiles-layout">
        <nav className="profiles-list" aria-label="Connections">
          <ul role="list">
            {profiles.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className={`row-button profiles-item ${p.id === selected ? 'is-selected' : ''}`}
                  aria-current={p.id === selected ? 'true' : undefined}
                  onClick={() => setSelected(p.id)}
                >
                  <span className="profiles-name">
                    {p.name}
                    {p.id === activeId ? <span className="muted"> (in use)</span> : null}
                  </span>
                  <VariantBadge variant={p.variant} compact />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="btn" onClick={() => setSelected(NEW)}>
            <Icon name="plus" />
            New connection
          </button>
        </nav>
        <div className="profiles-editor">
          <ProfileForm
            key={selected}
            initial={current ? draftFromProfile(current) : emptyDraft()}
            isNew={isNew}
            takenIds={profiles.map((p) => p.id)}
            onSave={async (profile) => {
              try {
                const saved = await saveProfile(profile);
                setSelected(saved.id);
                notify('ok', `Saved “${saved.name}”.`);
              } catch (error) {
                throw new Error(describeError(error, 'save the connection').detail, {
                  cause: error,
                });
              }
            }}
            onUse={current && current.id !== activeId ? () => void use(current.id) : null}
            onDelete={
              current && current.id !== activeId ? () => setConfirmDelete(current.id) : null
            }
          />
        </div>
      </div>
      {confirmDelete ? (
        <ConfirmDialog
          title="Delete connection?"
          onCancel={() => setConfirmDelete(null)}
          choices={[
            {
              label: 'Delete',
              kind: 'danger',
              onChoose: () => {
                const id = confirmDelete;
                setConfirmDelete(null);
                deleteProfile(id).then(
                  () => setSelected(activeId ?? NEW),
                  (e: unknown) => notify('err', describeError(e, 'delete the connection').detail),
                );
              },
            },
          ]}
        >
          <p>
            “{profiles.find((p) => p.id === confirmDelete)?.name}” and its stored login will be
            removed. Jobs on the service are not affected.
          </p>
        </ConfirmDialog>
      ) : null}
    </Dialog>
  );
}
