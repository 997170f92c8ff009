import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * Reading the built renderer bundle for a host (the desktop app's `app://` protocol and browser
 * mode's HTTP server). Only regular files under the bundle folder are served: no traversal, no
 * dot files, no symlinks pointing elsewhere, no directory listings.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
};

export interface StaticFile {
  body: Buffer;
  contentType: string;
  /** index.html changes with every build under the same name: never cache it. */
  cacheable: boolean;
}

function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The file a URL path names inside `root`, or null when the path may not be served. */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split(/[?#]/, 1)[0] ?? '');
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '' || decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const segments = relative.split('/');
  if (segments.some((s) => s === '..' || s.startsWith('.'))) return null;
  const rootResolved = path.resolve(root);
  const full = path.resolve(rootResolved, ...segments);
  if (!full.startsWith(rootResolved + path.sep)) return null;
  return full;
}

export async function readStaticFile(root: string, urlPath: string): Promise<StaticFile | null> {
  const full = resolveStaticPath(root, urlPath);
  if (!full) return null;
  try {
    const [real, realRoot] = await Promise.all([fs.realpath(full), fs.realpath(root)]);
    if (!real.startsWith(realRoot + path.sep)) return null;
    const stat = await fs.stat(real);
    if (!stat.isFile()) return null;
    const body = await fs.readFile(real);
    return { body, contentType: contentTypeOf(real), cacheable: path.extname(real) !== '.html' };
  } catch {
    return null;
  }
}
