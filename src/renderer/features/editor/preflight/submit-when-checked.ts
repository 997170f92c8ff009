import { useEffect } from 'react';
import { useAppStore } from '../../../state/app/store';
import { useSubmitStore } from '../../../state/submit/store';

export interface SubmitWhenChecked {
  /** Whether a submit of this tab waits for its check. */
  waiting: boolean;
  /** Submit this tab as soon as its check is done (and passes). */
  wait: () => void;
}

/**
 * Ctrl+Enter pressed while the payload is still being checked (right after typing, or after
 * opening a new tab) is remembered rather than refused: the tab is submitted when its check
 * comes back clean, or the reason it cannot be is said then. Switching tabs drops the wish;
 * typing on keeps it, and the text submitted is the one that was checked.
 */
export function useSubmitWhenChecked(
  tabId: string | null,
  checking: boolean,
  blocker: string | null,
  submitNow: () => void,
): SubmitWhenChecked {
  const waitingFor = useSubmitStore((s) => s.waitingForCheck);
  const { waitForCheck } = useSubmitStore.getState();
  useEffect(() => {
    if (waitingFor === null) return;
    if (tabId !== waitingFor) {
      waitForCheck(null);
      return;
    }
    if (checking) return;
    waitForCheck(null);
    if (blocker) useAppStore.getState().notify('warn', `Cannot submit yet: ${blocker}`);
    else submitNow();
  }, [waitingFor, tabId, checking, blocker, submitNow, waitForCheck]);
  return {
    waiting: waitingFor !== null && waitingFor === tabId,
    wait: () => waitForCheck(tabId),
  };
}
