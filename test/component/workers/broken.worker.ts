/// <reference lib="webworker" />

/** A worker whose module fails as it loads: the page gets an error event and no reply, ever. */
throw new Error('this worker is broken');
