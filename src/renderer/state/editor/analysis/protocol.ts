import type { VariantId } from '../../../../shared/variants';

/** What the page sends the analysis worker; it replies with an `Analysis` (analyze.ts). */
export interface AnalysisInput {
  variant: VariantId;
  text: string;
}
