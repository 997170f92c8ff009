import { useRef } from 'react';
import type { DragEvent } from 'react';
import { BUNDLE_SUFFIX } from '../../../../shared/bundles';
import { useBundlesStore } from '../../../state/bundles/store';

/** "Open bundle…": a file picker in both shells (the file is read here and checked by the core). */
export function BundleOpener() {
  const input = useRef<HTMLInputElement>(null);
  const loading = useBundlesStore((s) => s.status === 'loading');
  return (
    <>
      <button
        type="button"
        className="btn"
        onClick={() => input.current?.click()}
        disabled={loading}
        title={`Open a job bundle (${BUNDLE_SUFFIX}) read-only; you can also drop it here`}
      >
        {loading ? 'Opening…' : 'Open bundle…'}
      </button>
      <input
        ref={input}
        type="file"
        accept={`${BUNDLE_SUFFIX},.json,application/json`}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="bundle-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void useBundlesStore.getState().openFile(file);
        }}
      />
    </>
  );
}

/** A bundle file dropped on the Jobs view opens it. */
export function useBundleDrop() {
  const hasFile = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');
  return {
    onDragOver: (e: DragEvent<HTMLDivElement>) => {
      if (!hasFile(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    },
    onDrop: (e: DragEvent<HTMLDivElement>) => {
      const file = e.dataTransfer.files[0];
      if (!file) return;
      e.preventDefault();
      void useBundlesStore.getState().openFile(file);
    },
  };
}
