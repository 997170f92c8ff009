import type { VariantId } from '../../../../shared/variants';
import type { Analysis } from './analyze';

/** Messages between the page and the analysis worker. */
export interface AnalysisRequest {
  id: number;
  variant: VariantId;
  text: string;
}

export type AnalysisResponse =
  { id: number; ok: true; analysis: Analysis } | { id: number; ok: false; error: string };
