import { VARIANTS } from '../../../shared/variants';
import type { VariantId } from '../../../shared/variants';

/** The data-model variant a connection speaks; shown wherever a payload's validity depends on it. */
export function VariantBadge({
  variant,
  compact = false,
}: {
  variant: VariantId;
  compact?: boolean;
}) {
  const label = VARIANTS[variant].label;
  return (
    <span
      className={`badge badge-variant-${variant}`}
      title={`${label}: payloads are checked against this variant’s data model`}
      data-testid="variant-badge"
    >
      {compact ? variant : label}
    </span>
  );
}
