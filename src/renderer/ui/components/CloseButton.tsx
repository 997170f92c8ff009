import { Icon } from './Icon';

/** The ghost × button that closes a panel or dismisses a notice; `label` says what it closes. */
export function CloseButton({
  label,
  onClick,
  className,
  size,
}: {
  label: string;
  onClick: () => void;
  className?: string;
  size?: number;
}) {
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-icon${className ? ` ${className}` : ''}`}
      aria-label={label}
      onClick={onClick}
    >
      <Icon name="close" {...(size === undefined ? {} : { size })} />
    </button>
  );
}
