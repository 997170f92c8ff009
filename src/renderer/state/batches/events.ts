/** The batch view shows this batch when it opens next (the sweep dialog's submit). */
let wanted: string | null = null;
const listeners = new Set<(id: string) => void>();

export function showBatch(id: string): void {
  wanted = id;
  for (const l of listeners) l(id);
}

export function takeWantedBatch(): string | null {
  const id = wanted;
  wanted = null;
  return id;
}

export function onShowBatch(listener: (id: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
