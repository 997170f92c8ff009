/**
 * The version the client reports in its User-Agent (docs/wire-format.md, "User-Agent": it names the
 * client and its version).
 */
export const CLIENT_VERSION = '0.1.0';
export const DEFAULT_USER_AGENT = `quantum-job-studio/${CLIENT_VERSION} (node ${process.versions.node}; ${process.platform})`;
