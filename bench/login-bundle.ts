/**
 * Gzip size of the JavaScript the login route (/ecare/identification/authentification) loads
 * first, from the Vite build in apps/web/dist:
 *   - the entry chunk(s) of index.html (<script type="module" src> and <link rel="modulepreload">),
 *   - every chunk they import statically, recursively (manifest `imports`),
 *   - the lazy chunk(s) of the login route and their static imports.
 * Dynamic imports (`dynamicImports`) are not followed: they load later, on demand.
 * The login chunk is the manifest entry under src/ whose path contains "login" or
 * "authentification" (BENCH_LOGIN_CHUNK=<regexp> overrides the match).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { GZIP_LEVEL, TARGETS } from './bench-config.ts';

const BASE = '/ecare/';
const DEFAULT_LOGIN_PATTERN = /login|authentification/i;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export type CountedRole = 'entry' | 'entry import' | 'login route' | 'login route import' | 'index.html';

export interface CountedFile {
  /** Path inside dist. */
  file: string;
  /** Manifest key, when the file is in the manifest. */
  manifestKey: string | null;
  role: CountedRole;
  rawBytes: number;
  gzipBytes: number;
}

export interface LoginBundleReport {
  /** False when the figure could not be computed at all (no build). */
  measured: boolean;
  /** True when a lazy login chunk was found in the manifest (the figure is complete). */
  complete: boolean;
  files: CountedFile[];
  totalRawBytes: number;
  totalGzipBytes: number;
  targetBytes: number;
  pass: boolean | null;
  loginManifestKeys: string[];
  notes: string[];
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function parseManifest(text: string): Manifest {
  const data: unknown = JSON.parse(text);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Error('manifest.json is not an object');
  }
  const manifest: Manifest = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    if (typeof record.file !== 'string') continue;
    const chunk: ManifestChunk = { file: record.file };
    if (typeof record.src === 'string') chunk.src = record.src;
    if (record.isEntry === true) chunk.isEntry = true;
    if (record.isDynamicEntry === true) chunk.isDynamicEntry = true;
    if (isStringArray(record.imports)) chunk.imports = record.imports;
    manifest[key] = chunk;
  }
  return manifest;
}

function attributes(tag: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const match of tag.matchAll(/([a-zA-Z_:][\w:.-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = match[1];
    if (name === undefined) continue;
    result.set(name.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  }
  return result;
}

/** Files (paths inside dist) of the module scripts and modulepreload links of index.html. */
export function htmlScriptFiles(html: string, notes: string[]): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const attrs = attributes(tag.slice('<script'.length, -1));
    const src = attrs.get('src');
    if (attrs.get('type') === 'module' && src) urls.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attrs = attributes(tag.slice('<link'.length, -1));
    const href = attrs.get('href');
    const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('modulepreload') && href) urls.push(href);
  }
  const files: string[] = [];
  for (const url of urls) {
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) {
      notes.push(`index.html loads an external script, not counted: ${url}`);
      continue;
    }
    const pathname = url.split(/[?#]/)[0] ?? url;
    const file = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname.replace(/^\.?\//, '');
    if (!files.includes(file)) files.push(file);
  }
  return files;
}

function loginPattern(notes: string[]): RegExp {
  const override = process.env.BENCH_LOGIN_CHUNK;
  if (!override) return DEFAULT_LOGIN_PATTERN;
  notes.push(`login chunk matched with BENCH_LOGIN_CHUNK=${override}`);
  return new RegExp(override, 'i');
}

const isJs = (file: string) => /\.m?js$/.test(file);

export function measureLoginBundle(distDir: string): LoginBundleReport {
  const notes: string[] = [];
  const report: LoginBundleReport = {
    measured: false,
    complete: false,
    files: [],
    totalRawBytes: 0,
    totalGzipBytes: 0,
    targetBytes: TARGETS.loginGzipBytes,
    pass: null,
    loginManifestKeys: [],
    notes,
  };

  const htmlPath = path.join(distDir, 'index.html');
  if (!existsSync(htmlPath)) {
    notes.push(`${htmlPath} not found: the web app was not built (npm run build), nothing measured.`);
    return report;
  }
  const htmlFiles = htmlScriptFiles(readFileSync(htmlPath, 'utf8'), notes);
  if (htmlFiles.length === 0) notes.push('index.html references no module script.');

  const manifestPath = path.join(distDir, '.vite/manifest.json');
  let manifest: Manifest = {};
  if (existsSync(manifestPath)) {
    manifest = parseManifest(readFileSync(manifestPath, 'utf8'));
  } else {
    notes.push(
      `${manifestPath} not found (build.manifest off?): only the scripts named in index.html are counted, ` +
        'their static imports and the login chunk are not.',
    );
  }
  const keyByFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

  const counted = new Map<string, { key: string | null; role: CountedRole }>();
  const visit = (key: string, role: CountedRole, importRole: CountedRole) => {
    const chunk = manifest[key];
    if (!chunk) {
      notes.push(`manifest import "${key}" has no entry of its own; skipped.`);
      return;
    }
    if (!counted.has(chunk.file)) counted.set(chunk.file, { key, role });
    for (const imported of chunk.imports ?? []) {
      const importedChunk = manifest[imported];
      if (importedChunk && counted.has(importedChunk.file)) continue;
      visit(imported, importRole, importRole);
    }
  };

  // 1. Entry chunk(s) of index.html and their static imports.
  for (const file of htmlFiles) {
    const key = keyByFile.get(file);
    if (key) visit(key, 'entry', 'entry import');
    else if (!counted.has(file)) counted.set(file, { key: null, role: 'index.html' });
  }
  const htmlEntry = manifest['index.html'];
  if (htmlEntry?.isEntry && !counted.has(htmlEntry.file)) visit('index.html', 'entry', 'entry import');

  // 2. Lazy chunk(s) of the login route and their static imports.
  if (Object.keys(manifest).length > 0) {
    const pattern = loginPattern(notes);
    const candidates = Object.entries(manifest).filter(([key, chunk]) => {
      const source = chunk.src ?? key;
      return source.startsWith('src/') && pattern.test(source) && isJs(chunk.file);
    });
    const lazy = candidates.filter(([, chunk]) => chunk.isDynamicEntry);
    const chosen = lazy.length > 0 ? lazy : candidates;
    if (chosen.length === 0) {
      notes.push(
        'No manifest entry under src/ matches /login|authentification/: either the login page is not ' +
          'lazy-loaded (its code is then inside the entry chunk, already counted) or it is not written ' +
          'yet. The total covers the entry chunk(s) only.',
      );
    } else {
      if (lazy.length === 0) notes.push('The matching login entries are not dynamic entries; counted anyway.');
      for (const [key] of chosen) {
        report.loginManifestKeys.push(key);
        visit(key, 'login route', 'login route import');
      }
      report.complete = true;
    }
  }

  for (const [file, { key, role }] of counted) {
    const fullPath = path.join(distDir, file);
    if (!existsSync(fullPath)) {
      notes.push(`${file} is referenced but missing from dist; not counted.`);
      continue;
    }
    if (!isJs(file)) continue;
    const content = readFileSync(fullPath);
    report.files.push({
      file,
      manifestKey: key,
      role,
      rawBytes: content.length,
      gzipBytes: gzipSync(content, { level: GZIP_LEVEL }).length,
    });
  }
  report.totalRawBytes = report.files.reduce((sum, file) => sum + file.rawBytes, 0);
  report.totalGzipBytes = report.files.reduce((sum, file) => sum + file.gzipBytes, 0);
  report.measured = report.files.length > 0;
  report.pass = report.measured ? report.totalGzipBytes <= report.targetBytes : null;
  return report;
}
