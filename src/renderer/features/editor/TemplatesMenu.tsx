import { Icon } from '../../ui/components/Icon';
import { Menu } from '../../ui/components/Menu';
import { useEditorStore } from '../../state/editor/store';
import { VARIANTS } from '../../../shared/variants';

/** Runnable templates of the active variant; choosing one opens it in a new tab. */
export function TemplatesMenu() {
  const templates = useEditorStore((s) => s.templates);
  const status = useEditorStore((s) => s.templatesStatus);
  const error = useEditorStore((s) => s.templatesError);
  const variant = useEditorStore((s) => s.variant);
  const openTab = useEditorStore((s) => s.openTab);
  const label = (type: string) =>
    VARIANTS[variant].executeKinds.find((k) => k.executeType === type)?.label ?? type;

  return (
    <Menu
      label="New from template"
      className="btn btn-ghost"
      align="end"
      buttonContent={
        <>
          <Icon name="template" />
          <span className="hide-narrow">Templates</span>
          <Icon name="chevronDown" />
        </>
      }
      empty={
        status === 'loading'
          ? 'Loading templates…'
          : status === 'error'
            ? `Templates could not be loaded. ${error ?? ''}`
            : `No templates for ${VARIANTS[variant].label} yet.`
      }
      items={templates.map((t) => ({
        key: t.id,
        label: t.title,
        detail: t.description,
        aside: <span className="badge badge-neutral">{label(t.executeType)}</span>,
        onSelect: () => openTab({ title: `${t.title}.yaml`, text: t.text, clean: true }),
      }))}
    />
  );
}
