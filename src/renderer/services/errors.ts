import { QjobCallError } from '../../shared/ipc/call-error';

/** A failure as a person reads it: what happened, and what to do next. */
export interface ProblemText {
  title: string;
  detail: string;
  /** Field-level messages, keyed by dotted path, when the call said which inputs were wrong. */
  fields: Record<string, string>;
}

/**
 * Next steps per error code. The transport and the core send a message for people already;
 * this adds what to do, which depends on where the user is, so it lives in the UI.
 */
const NEXT_STEP: Record<string, string> = {
  'transport-closed':
    'The link to the app’s background process dropped. It reconnects by itself; try again in a moment.',
  'service.network': 'Check the base URL and your network connection, then try again.',
  'service.timeout': 'The service is slow or unreachable. Try again in a moment.',
  'service.auth': 'Log in again; if it keeps failing, check the user name and API key.',
  'service.decode':
    'The service answered in a shape this app does not expect. Check that the connection’s variant matches the service.',
  'service.too-large':
    'The service, or a proxy on the way, sent far more than such an answer holds; nothing of it was kept. If it keeps happening, tell the service’s operators.',
  'service.redirect':
    'If the address it points to is the service, put that address in the connection’s base URL (Manage connections).',
  'service.invalid-request':
    'Nothing was sent to the service. Check the job id or the payload and try again.',
  'no-profile': 'Choose a connection in the top bar first.',
  'invalid-input': 'Correct the highlighted fields.',
  'invalid-payload': 'Fix the problems listed under the editor.',
  forbidden: 'Reload the page from the address that `qjob web` printed.',
};

export function describeError(error: unknown, doing?: string): ProblemText {
  const fields: Record<string, string> = {};
  let message: string;
  let code = '';
  if (error instanceof QjobCallError) {
    message = error.message;
    code = error.code;
    for (const issue of error.issues ?? []) fields[issue.path] = issue.message;
  } else if (error instanceof Error) {
    message = error.message;
  } else {
    message = String(error);
  }
  const next =
    code === 'service.http'
      ? httpNextStep(message)
      : (NEXT_STEP[code] ??
        (code ? '' : 'Try again; if it keeps failing, open Help → Open Log Folder.'));
  return {
    title: doing ? `Could not ${doing}` : 'Something went wrong',
    detail: next ? `${sentence(message)} ${next}` : message,
    fields,
  };
}

/**
 * A refused call: the core's message says "…failed: HTTP 409: <the service's words> (code)"
 * when the service explained itself, and that needs nothing added. Without its words, say so
 * and what may help.
 */
function httpNextStep(message: string): string {
  if (/\bHTTP \d{3}: \S/.test(message)) return '';
  return 'The service gave no reason. Try again later; if it keeps failing, whoever runs the service can tell why.';
}

/** Ends a message as a sentence before another is added to it. */
function sentence(message: string): string {
  const trimmed = message.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The error's code when it crossed the contract, else null. */
export function errorCode(error: unknown): string | null {
  return error instanceof QjobCallError ? error.code : null;
}
