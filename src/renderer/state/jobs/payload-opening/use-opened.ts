import { useEffect, useMemo, useState } from 'react';
import type { VariantId } from '../../../../shared/variants';
import type { OpenedPayload } from '../../../../shared/sdk/decompile/open-service-payload';
import { openPayload } from './open-client';

export type Opened =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; opened: OpenedPayload }
  | { status: 'failed'; error: string };

/**
 * A job's service payload opened in the friendly form, off the main thread. Keyed by the
 * payload's content, so a detail fetched again (the job ended) does not open it a second time.
 */
export function useOpenedPayload(variant: VariantId, payload: unknown): Opened {
  const json = useMemo(() => (payload ? JSON.stringify(payload) : null), [payload]);
  const key = json === null ? null : `${variant}:${json}`;
  const [done, setDone] = useState<{ key: string; opened: Opened } | null>(null);
  useEffect(() => {
    if (key === null || json === null) return;
    let live = true;
    openPayload(variant, JSON.parse(json)).then(
      (opened) => live && setDone({ key, opened: { status: 'ready', opened } }),
      (error: unknown) =>
        live &&
        setDone({
          key,
          opened: {
            status: 'failed',
            error: error instanceof Error ? error.message : String(error),
          },
        }),
    );
    return () => {
      live = false;
    };
  }, [key, json, variant]);
  if (key === null) return { status: 'none' };
  if (done && done.key === key) return done.opened;
  return { status: 'loading' };
}
