import { useAppStore } from './store';
import { useConnectionStore } from '../connection/store';

/**
 * Shows a job of a given connection: switches to that connection first when another one is in
 * use, since a job id means a different job (or none) on another service. `profileId` null
 * means the connection in use.
 */
export async function openJobOn(profileId: string | null, jobId: number): Promise<void> {
  const connections = useConnectionStore.getState();
  if (profileId !== null && profileId !== connections.activeId) {
    const profile = connections.profiles.find((p) => p.id === profileId);
    if (!profile) {
      useAppStore
        .getState()
        .notify('warn', `Job ${jobId} belongs to a connection that no longer exists.`);
      return;
    }
    await connections.activate(profileId);
    // The switch failed: the connection menu says why; showing the job here would be wrong.
    if (useConnectionStore.getState().activeId !== profileId) return;
  }
  useAppStore.getState().requestJob(jobId);
}
