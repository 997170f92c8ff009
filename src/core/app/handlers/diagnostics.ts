import os from 'node:os';
import type { JobCache } from '../../job-store';
import { buildDiagnosticsText } from '../../diagnostics';
import type { ConnectionManager } from '../connection-manager';
import type { NamespaceHandlers } from '../dispatch';
import { cacheKeyOf, fetchDetail } from '../job-details';

/**
 * The diagnostics bundle of a job, built here so the UI never holds anything secret: the app,
 * the OS, the profile (no secrets), the job's detail and the timeline the store recorded.
 */
export function diagnosticsHandlers(deps: {
  connections: ConnectionManager;
  cache: JobCache;
  app: { name: string; version: string; shell: 'electron' | 'web' };
}): NamespaceHandlers<'diagnostics'> {
  const { connections, cache } = deps;
  return {
    'diagnostics.build': async ({ id }) => {
      const active = connections.requireActive();
      const answer = await fetchDetail(cache, active, id, true);
      const { profile } = active;
      const text = buildDiagnosticsText({
        generatedAt: new Date().toISOString(),
        app: deps.app,
        os: {
          platform: `${os.type()} (${process.platform})`,
          release: os.release(),
          arch: process.arch,
          runtime: process.versions.electron
            ? `Electron ${process.versions.electron}, Node ${process.versions.node}`
            : `Node ${process.versions.node}`,
        },
        profile: {
          id: profile.id,
          name: profile.name,
          baseUrl: profile.baseUrl ?? null,
          variant: profile.variant,
          user: active.session.snapshot.user ?? profile.user ?? null,
        },
        job: answer,
        timeline: cache.timeline(cacheKeyOf(active), id),
      });
      return { text, fileName: `job-${id}-diagnostics.txt` };
    },
  };
}
