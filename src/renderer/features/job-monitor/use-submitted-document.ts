import { useEffect, useState } from 'react';
import { call } from '../../services/qjob';

/**
 * The payload document of a job as it was submitted from this computer (its exact text, kept
 * in the local store), asked for only while `wanted`; null while unknown or not kept here.
 */
export function useSubmittedDocument(id: number, wanted: boolean): string | null {
  const [text, setText] = useState<{ id: number; text: string } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    call('jobs.rerunSource', { id })
      .then((source) => {
        if (live && source.exact) setText({ id, text: source.text });
      })
      .catch(() => undefined /* not kept here: the Payload tab's document is used instead */);
    return () => {
      live = false;
    };
  }, [id, wanted]);
  return text?.id === id ? text.text : null;
}
