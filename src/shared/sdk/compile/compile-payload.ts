import { writeSdkYaml } from '../yaml';
import { entryFor } from '../../variants/declaration';
import type { VariantId } from '../../variants/declaration';
import type { ExecutePayload } from '../../variants/payload';
import { executePayloadSchema } from '../../variants/payload';
import { readDocumentModel, toProblem } from '../../dialect/check-document';
import { NodeRef } from '../../dialect/node-reader';
import { documentToExecutePayload } from '../../yaml/document-payload';
import type { PayloadParseLimits } from '../../yaml/parse';
import { parsePayloadText } from '../../yaml/parse';
import type { YamlProblem } from '../../yaml/problems';
import { hasErrors } from '../../yaml/problems';
import { COMPILERS } from './compilers';
import type { CompiledParts } from './compilers';
import { CompileProblem } from './gate-factory';
import { NO_SIMULATOR_LIMITS } from '../../dialect/job-input';

export interface CompileResult<V extends VariantId = VariantId> {
  /**
   * The ExecutePayload the client sends: its functional object and readout fields hold the
   * SDK's YAML strings for the variant's SDK version. Null when any problem is an error.
   */
  payload: ExecutePayload<V> | null;
  problems: YamlProblem[];
}

/**
 * The one converter from the friendly dialect to the wire: a payload document (what the editor
 * holds) → the ExecutePayload in the SDK's form. The document is read with the dialect's
 * readers (every problem with its line and column), the model compiled by the execute type's
 * compiler (COMPILERS) through the builders, each part written by the SDK YAML writer.
 */
export function compilePayload<V extends VariantId>(
  variant: V,
  text: string,
  limits: PayloadParseLimits = {},
): CompileResult<V> {
  const checked = documentToExecutePayload(variant, text, limits);
  if (!checked.payload) return { payload: null, problems: checked.problems };
  const parsed = parsePayloadText(text, limits);
  // Read without the simulator's limits: they are its settings, not the service's (the editor
  // warns of them); a limit stopping the read would leave nothing to compile.
  const model = readDocumentModel(
    variant,
    parsed.doc,
    parsed.lineCounter,
    text,
    NO_SIMULATOR_LIMITS,
  );
  const problems = [...checked.problems, ...(model?.problems ?? [])];
  const parts = model?.parts;
  if (!model || !parts?.functional || hasErrors(problems)) return { payload: null, problems };
  const compile = entryFor(COMPILERS, variant, model.executeType);
  if (!compile) return { payload: null, problems };
  let compiled: CompiledParts;
  try {
    compiled = compile({
      functional: parts.functional,
      readouts: parts.readouts ?? null,
      params: parts.ctx.params,
    });
  } catch (error) {
    if (!(error instanceof CompileProblem)) throw error;
    const at = error.at instanceof NodeRef ? error.at : parts.functional.ref;
    const problem = toProblem(
      at.error({
        code: 'compile',
        subject: 'compile',
        problem: error.message,
        path: error.at.path,
      }),
      parsed.lineCounter,
    );
    return { payload: null, problems: [...problems, problem] };
  }
  const inner: Record<string, string> = {
    [model.functionalField]: writeSdkYaml(compiled.functional),
  };
  if (compiled.readout) inner.readout = writeSdkYaml(compiled.readout);
  const final = executePayloadSchema(variant).safeParse({
    type: model.executeType,
    [model.payloadField]: inner,
  });
  if (!final.success)
    throw new Error(`compile made a payload its schema refuses: ${final.error.message}`);
  return { payload: final.data, problems };
}
