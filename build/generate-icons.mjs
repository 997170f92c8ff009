#!/usr/bin/env node
// Renders the app icon (resources/icons/*.png and icon.svg) from one description of the design,
// with no dependencies: shapes as signed distance functions, analytic anti-aliasing, and a
// minimal PNG encoder on node:zlib. Run: node build/generate-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources', 'icons');
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

// The design in unit coordinates (0..1): a rounded tile, a Bloch sphere and a state vector.
const TILE = { inset: 0.04, radius: 0.2, top: [0x4a, 0x3a, 0xb5], bottom: [0x0e, 0x8a, 0x9a] };
const SPHERE = { cx: 0.5, cy: 0.52, r: 0.3, width: 0.036 };
const EQUATOR = { rx: 0.3, ry: 0.095, width: 0.024 };
const VECTOR = {
  angle: (-50 * Math.PI) / 180,
  width: 0.045,
  tip: 0.058,
  color: [0xff, 0xc8, 0x4a],
};
const WHITE = [0xff, 0xff, 0xff];

function roundedRectDistance(x, y) {
  const half = 0.5 - TILE.inset;
  const qx = Math.abs(x - 0.5) - (half - TILE.radius);
  const qy = Math.abs(y - 0.5) - (half - TILE.radius);
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - TILE.radius;
}

function segmentDistance(px, py, ax, ay, bx, by) {
  const abx = bx - ax;
  const aby = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * abx + (py - ay) * aby) / (abx * abx + aby * aby)));
  return Math.hypot(px - (ax + t * abx), py - (ay + t * aby));
}

/** Approximate distance to an ellipse outline: |f| / |∇f| for f = x²/a² + y²/b² − 1. */
function ellipseOutlineDistance(x, y, a, b) {
  const f = (x * x) / (a * a) + (y * y) / (b * b) - 1;
  const g = 2 * Math.hypot(x / (a * a), y / (b * b));
  return g === 0 ? Infinity : Math.abs(f) / g;
}

function over(dst, color, alpha) {
  for (let i = 0; i < 3; i++) dst[i] = dst[i] * (1 - alpha) + color[i] * alpha;
  dst[3] = dst[3] + alpha * (1 - dst[3]);
}

function pixel(x, y, px) {
  const cover = (d) => Math.max(0, Math.min(1, 0.5 - d / px));
  const rgba = [0, 0, 0, 0];
  const tile = cover(roundedRectDistance(x, y));
  if (tile <= 0) return rgba;
  const t = Math.max(0, Math.min(1, (y - TILE.inset) / (1 - 2 * TILE.inset)));
  const bg = TILE.top.map((c, i) => c + (TILE.bottom[i] - c) * t);
  // Background written with full coverage then scaled, so the tile edge stays anti-aliased.
  rgba[0] = bg[0];
  rgba[1] = bg[1];
  rgba[2] = bg[2];
  rgba[3] = 1;
  const dx = x - SPHERE.cx;
  const dy = y - SPHERE.cy;
  // A soft highlight on the sphere's upper left, for depth.
  const glow = Math.max(0, 1 - Math.hypot(dx + 0.1, dy + 0.1) / SPHERE.r) * 0.18;
  if (Math.hypot(dx, dy) < SPHERE.r) over(rgba, WHITE, glow);
  over(
    rgba,
    WHITE,
    0.55 * cover(ellipseOutlineDistance(dx, dy, EQUATOR.rx, EQUATOR.ry) - EQUATOR.width / 2),
  );
  over(rgba, WHITE, 0.97 * cover(Math.abs(Math.hypot(dx, dy) - SPHERE.r) - SPHERE.width / 2));
  const tipX = SPHERE.cx + Math.cos(VECTOR.angle) * SPHERE.r * 0.92;
  const tipY = SPHERE.cy + Math.sin(VECTOR.angle) * SPHERE.r * 0.92;
  over(
    rgba,
    VECTOR.color,
    cover(segmentDistance(x, y, SPHERE.cx, SPHERE.cy, tipX, tipY) - VECTOR.width / 2),
  );
  over(rgba, VECTOR.color, cover(Math.hypot(x - tipX, y - tipY) - VECTOR.tip));
  over(rgba, WHITE, cover(Math.hypot(dx, dy) - 0.032));
  rgba[3] *= tile;
  return rgba;
}

function render(size) {
  const data = Buffer.alloc(size * (size * 4 + 1));
  const px = 1 / size;
  for (let j = 0; j < size; j++) {
    const row = j * (size * 4 + 1);
    data[row] = 0; // filter: none
    for (let i = 0; i < size; i++) {
      const [r, g, b, a] = pixel((i + 0.5) / size, (j + 0.5) / size, px);
      const o = row + 1 + i * 4;
      data[o] = Math.round(r);
      data[o + 1] = Math.round(g);
      data[o + 2] = Math.round(b);
      data[o + 3] = Math.round(a * 255);
    }
  }
  return encodePng(size, size, data);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, body) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([len, typed, crc]);
}
function encodePng(width, height, filtered) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filtered, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function svg() {
  const s = 1024;
  const u = (v) => +(v * s).toFixed(2);
  const hex = (c) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  const tipX = SPHERE.cx + Math.cos(VECTOR.angle) * SPHERE.r * 0.92;
  const tipY = SPHERE.cy + Math.sin(VECTOR.angle) * SPHERE.r * 0.92;
  const inner = 1 - 2 * TILE.inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${s} ${s}" width="${s}" height="${s}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${hex(TILE.top)}"/><stop offset="1" stop-color="${hex(TILE.bottom)}"/>
    </linearGradient>
  </defs>
  <rect x="${u(TILE.inset)}" y="${u(TILE.inset)}" width="${u(inner)}" height="${u(inner)}" rx="${u(TILE.radius)}" fill="url(#bg)"/>
  <ellipse cx="${u(SPHERE.cx)}" cy="${u(SPHERE.cy)}" rx="${u(EQUATOR.rx)}" ry="${u(EQUATOR.ry)}" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="${u(EQUATOR.width)}"/>
  <circle cx="${u(SPHERE.cx)}" cy="${u(SPHERE.cy)}" r="${u(SPHERE.r)}" fill="none" stroke="#fff" stroke-opacity="0.97" stroke-width="${u(SPHERE.width)}"/>
  <line x1="${u(SPHERE.cx)}" y1="${u(SPHERE.cy)}" x2="${u(tipX)}" y2="${u(tipY)}" stroke="${hex(VECTOR.color)}" stroke-width="${u(VECTOR.width)}" stroke-linecap="round"/>
  <circle cx="${u(tipX)}" cy="${u(tipY)}" r="${u(VECTOR.tip)}" fill="${hex(VECTOR.color)}"/>
  <circle cx="${u(SPHERE.cx)}" cy="${u(SPHERE.cy)}" r="${u(0.032)}" fill="#fff"/>
</svg>
`;
}

mkdirSync(out, { recursive: true });
for (const size of SIZES) writeFileSync(join(out, `${size}x${size}.png`), render(size));
writeFileSync(join(out, 'icon.png'), render(1024));
writeFileSync(join(out, 'icon.svg'), svg());
console.log(`icons written to ${out}`);
