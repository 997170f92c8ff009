import { useEffect, useState } from 'react';
import { useJobsStore } from '../../../state/jobs/store';

/**
 * The payload document of a job as it was submitted from this computer (its exact text, kept
 * in the local store), asked for only while `wanted`; null while unknown or not kept here.
 */
export function useSubmittedDocument(id: number, wanted: boolean): string | null {
  const [text, setText] = useState<{ id: number; text: string } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    useJobsStore
      .getState()
      .readSubmittedText(id)
      .then((exact) => {
        if (live && exact !== null) setText({ id, text: exact });
      })
      .catch(() => undefined /* not kept here: the Payload tab's document is used instead */);
    return () => {
      live = false;
    };
  }, [id, wanted]);
  return text?.id === id ? text.text : null;
}
