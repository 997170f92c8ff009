import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every YAML string the SDK itself wrote in `test/fixtures/sdk`: each string field of each
 * `*_payload` of each request body (the body's `payload` is the ExecutePayload as a JSON string),
 * and each result file. Named `version/requests/case.field.key` or `version/results/case`.
 */
export interface SdkYamlSample {
  name: string;
  text: string;
}

const ROOT = join(import.meta.dirname, '../../../../fixtures/sdk');

export function sdkCorpusVersions(): string[] {
  return readdirSync(ROOT, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

export function sdkYamlSamples(): SdkYamlSample[] {
  const out: SdkYamlSample[] = [];
  for (const version of sdkCorpusVersions()) {
    const requests = join(ROOT, version, 'requests');
    for (const file of readdirSync(requests)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const body = JSON.parse(readFileSync(join(requests, file), 'utf8')) as { payload: string };
      const payload = JSON.parse(body.payload) as Record<string, unknown>;
      for (const [field, value] of Object.entries(payload)) {
        if (!field.endsWith('_payload') || !value || typeof value !== 'object') continue;
        for (const [key, yaml] of Object.entries(value)) {
          if (typeof yaml === 'string') {
            out.push({
              name: `${version}/requests/${file.slice(0, -5)}.${field}.${key}`,
              text: yaml,
            });
          }
        }
      }
    }
    const results = join(ROOT, version, 'results');
    for (const file of readdirSync(results)
      .filter((f) => f.endsWith('.yaml'))
      .sort()) {
      out.push({
        name: `${version}/results/${file.slice(0, -5)}`,
        text: readFileSync(join(results, file), 'utf8'),
      });
    }
  }
  return out;
}
