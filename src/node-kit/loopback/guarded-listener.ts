import type { IncomingMessage, ServerResponse } from 'node:http';

export type GuardedHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface ListenerGuard {
  /** Told about the failure (log it); a throwing reporter is ignored. */
  report(error: unknown, req: IncomingMessage): void;
  /** Answers 500 to the request that failed, in the server's own format. */
  answer500(res: ServerResponse): void;
}

/**
 * A request handler that cannot end the server: a synchronous throw or a rejected promise is
 * reported and answered with 500 for that request alone (or the connection is dropped when the
 * answer had already started), and the next request is served as usual. Node would otherwise turn
 * the throw into an uncaught exception, and the rejection into one too, stopping the process with
 * every job it runs.
 */
export function guardRequestListener(handler: GuardedHandler, guard: ListenerGuard) {
  const fail = (error: unknown, req: IncomingMessage, res: ServerResponse): void => {
    try {
      guard.report(error, req);
    } catch {
      /* the reporter itself failed: the answer below still goes out */
    }
    try {
      if (res.headersSent) res.destroy();
      else guard.answer500(res);
    } catch {
      res.destroy();
    }
  };
  return (req: IncomingMessage, res: ServerResponse): void => {
    try {
      const done = handler(req, res);
      if (done) done.catch((error: unknown) => fail(error, req, res));
    } catch (error) {
      fail(error, req, res);
    }
  };
}
