import type { ComponentType } from 'react';
import type { VariantId } from '../../../shared/variants';

/** A job's detail as the contract's `jobs.get` returns it: result fields are tagged YAML text. */
type Detail = Readonly<Record<string, unknown>>;

/**
 * What draws results in the job monitor: the result-viewers feature, which the shell loads
 * lazily and hands to `JobsView` (features do not import each other; the shell composes them,
 * as it does the editor's `tools` and `below`).
 */
export interface ResultViewers {
  /** One job's result, by the viewer for its execute type (a job's Result tab). */
  Result: ComponentType<{ variant: VariantId; detail: Detail }>;
  /** Two jobs' results overlaid (the Compare dialog). */
  Compare: ComponentType<{ variant: VariantId; left: Detail; right: Detail }>;
}
