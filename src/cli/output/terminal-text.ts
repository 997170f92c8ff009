import { BIDI_CONTROL_RANGES } from '../../shared/text/bidi';

/**
 * Text that came from the service (device and job names, logs, errors, messages), made safe to
 * print on a terminal. A terminal obeys control characters: ESC sequences write the clipboard
 * (OSC 52), set the window title (OSC 0), clear the screen (CSI 2J); a carriage return or a
 * backspace writes over what is already shown. Every printer of `qjob` passes such text through
 * here, and each control character comes out as a visible escape (`\x1b`, `\r`) instead.
 */

export interface PrintableOptions {
  /** Keep line breaks and tabs (a log, a YAML text); otherwise they are escaped too. */
  multiline?: boolean;
  /**
   * What to do with colour sequences (SGR, `ESC [ … m`): `escape` them like any other
   * (default), `strip` them, or `keep` them (the log view on a terminal, when asked).
   */
  sgr?: 'escape' | 'strip' | 'keep';
}

/** A complete colour sequence: ESC [ digits and semicolons m. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const SGR = /\x1b\[[0-9;]*m/g;
/**
 * C0 controls, DEL, C1 controls (0x9b alone starts a control sequence on some terminals), and
 * the Unicode direction controls that make text read differently from what it is (the rule the
 * app's views share: src/shared/text/bidi.ts).
 */
const CONTROL = new RegExp(`[\\x00-\\x1f\\x7f-\\x9f${BIDI_CONTROL_RANGES}]`, 'g');

function escapeChar(c: string): string {
  switch (c) {
    case '\r':
      return '\\r';
    case '\n':
      return '\\n';
    case '\t':
      return '\\t';
    case '\b':
      return '\\b';
    default: {
      const code = c.charCodeAt(0);
      return code <= 0xff
        ? `\\x${code.toString(16).padStart(2, '0')}`
        : `\\u{${code.toString(16)}}`;
    }
  }
}

function escapeControls(text: string, multiline: boolean): string {
  return text.replace(CONTROL, (c) =>
    multiline && (c === '\n' || c === '\t') ? c : escapeChar(c),
  );
}

/** `text` with every control character escaped (see the options for line breaks and colour). */
export function printable(text: string, options: PrintableOptions = {}): string {
  const multiline = options.multiline ?? false;
  // A Windows line end is a line end, not a carriage return writing over the line.
  const lines = multiline ? text.replace(/\r\n/g, '\n') : text;
  const sgr = options.sgr ?? 'escape';
  if (sgr === 'escape') return escapeControls(lines, multiline);
  if (sgr === 'strip') return escapeControls(lines.replace(SGR, ''), multiline);
  // Keep colour sequences whole; escape everything around them.
  let out = '';
  let last = 0;
  for (const match of lines.matchAll(SGR)) {
    out += escapeControls(lines.slice(last, match.index), multiline) + match[0];
    last = match.index + match[0].length;
  }
  return out + escapeControls(lines.slice(last), multiline) + (last > 0 ? '\x1b[0m' : '');
}

/** One line of text from the service (a name, a message): nothing in it can move the cursor. */
export function oneLine(text: string): string {
  return printable(text);
}
