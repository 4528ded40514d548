import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin, type Rolldown } from 'vite';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';
const root = path.dirname(fileURLToPath(import.meta.url));
const BASE = '/ecare/';

/** The HTML the server sends for the login route (apps/api/src/platform/web): index.html with the page already in #root. */
const LOGIN_HTML = 'login.html';
/** …and for the signed-in pages when their banner is known: index.html with the frame's shell in #root. */
const FRAME_HTML = 'frame.html';
/** Where the server writes the banner into the shell (FRAME_BANNER_MARKER of src/app/layout/frame-shell.tsx). */
const FRAME_BANNER_MARKER = '<!--ecare:bandeau-->';
const ROOT_ELEMENT = '<div id="root"></div>';
/** The app itself (React, the router, the login route), imported by the small entry (src/main.tsx). */
const APP_MODULE = /[\\/]src[\\/]app[\\/]mount\.tsx$/;
/** The page frame of the signed-in pages, their routes, and the home page most of them start on. */
const FRAME_MODULES = /[\\/]src[\\/]app[\\/](?:frame-routes|routes[\\/](?:frame-route|home-route))\.tsx$/;
/**
 * The files every page loads from the start: the entry (src/main.tsx and what it imports: the
 * `index` group below) and the app (`app`), which the entry asks for at once (or once the first
 * paint is on screen) and whose router makes the pages' imports.
 */
const LOADED_FIRST = { index: /^assets\/index-[\w-]+\.js$/, app: /^assets\/app-[\w-]+\.js$/ } as const;
/**
 * V8's explicit compile hint: every function of a file that starts with it is compiled with the
 * file, on a background thread while it downloads, instead of on the main thread the first time
 * it runs. For the files whose code runs as soon as they arrive (decision 012).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const EAGER_CHUNKS = new Set(['app', 'frame']);
/** The banner's box in the prerendered page (LOGIN_INFORMATION_ID of login-information.tsx)… */
const INFORMATION_BOX = 'id="information-connexion"';
/** …where the server writes the banner (INFORMATION_MARKER of apps/api/src/platform/web/login-page.ts). */
const INFORMATION_MARKER = '<!--ecare:information-->';
/** Read by every page as soon as its code runs (the login route, the page frame, maintenance). */
const PARAMETERS_URL = '/api/parametres';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Below this size a compressed copy saves less than its own headers cost. */
const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;

interface Shells {
  login: string;
  frame: string;
}

/** Renders the pages sent ahead of the app with the app's own components (src/app/prerender.tsx). */
async function renderShells(): Promise<Shells> {
  const server = await createServer({
    configFile: false,
    root,
    base: BASE,
    mode: 'production',
    logLevel: 'warn',
    appType: 'custom',
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const module = (await server.ssrLoadModule('/src/app/prerender.tsx')) as Record<string, unknown>;
    const render = async (name: string): Promise<string> => {
      const fn = module[name];
      if (typeof fn !== 'function') throw new Error(`prerender.tsx exports no ${name}()`);
      const html: unknown = await fn();
      if (typeof html !== 'string' || html === '') throw new Error(`${name}() rendered nothing`);
      return html;
    };
    return { login: await render('renderLoginShell'), frame: await render('renderFrameShell') };
  } finally {
    await server.close();
  }
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Brotli (quality 11) and gzip (level 9) copies next to each file, served by @fastify/static's
 * preCompressed. Not for login.html and frame.html: the server fills them in for each request.
 */
async function precompress(outDir: string): Promise<void> {
  const filledIn = new Set([LOGIN_HTML, FRAME_HTML]);
  const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file) && !filledIn.has(path.basename(file)));
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < COMPRESS_MIN_BYTES) return;
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
}

/** The chunks holding the modules `test` matches, with every chunk they import statically. */
function chunksOf(bundle: Rolldown.OutputBundle, test: RegExp): string[] {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
  const roots = [...chunks.values()].filter((chunk) => chunk.moduleIds.some((id) => test.test(id)));
  if (roots.length === 0) throw new Error(`no chunk holds ${String(test)}`);
  const found = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (found.has(chunk.fileName)) return;
    found.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = chunks.get(name);
      if (imported) visit(imported);
    }
  };
  roots.forEach(visit);
  return [...found];
}

/** modulepreload links for the chunks index.html does not already load. */
function modulePreloads(index: string, chunks: string[]): string {
  return chunks
    .filter((file) => !index.includes(`${BASE}${file}`))
    .map((file) => `    <link rel="modulepreload" crossorigin href="${BASE}${file}">\n`)
    .join('');
}

/** Asked for by the HTML, so the answer is there by the time the code reads it. */
const PARAMETERS_PRELOAD = `    <link rel="preload" href="${PARAMETERS_URL}" as="fetch" crossorigin>\n`;

/**
 * The HTML of every page but the login: the entry (src/main.tsx) starts the page's first API
 * reads and loads the app; the HTML asks at once for the app, the page frame and the server
 * parameters, so they travel side by side instead of one after the other.
 */
function appHtml(index: string, app: string[], frame: string[]): string {
  return withHeadEnd(index, `${modulePreloads(index, [...new Set([...app, ...frame])])}${PARAMETERS_PRELOAD}`);
}

/** `links` (lines of four-space indented tags) at the end of the document's head. */
function withHeadEnd(html: string, links: string): string {
  return html.replace(/\n?\s*<\/head>/, () => `\n${links}  </head>`);
}

/** The prerendered page with the server's marker in the banner's (empty) box. */
function markInformationBox(shell: string): string {
  const box = shell.indexOf(INFORMATION_BOX);
  const end = box < 0 ? -1 : shell.indexOf('>', box) + 1;
  if (end <= 0 || !shell.startsWith('</div>', end)) throw new Error(`login shell: no empty element with ${INFORMATION_BOX}`);
  return shell.slice(0, end) + INFORMATION_MARKER + shell.slice(end);
}

/**
 * The login page's HTML (served by apps/api/src/platform/web): the page itself in #root and the
 * server parameters its code reads at once, asked for by the HTML. The page is painted from HTML
 * and CSS alone: its small entry script is fetched at low priority, behind the stylesheet, and
 * asks for the app only once that first paint is done (src/main.tsx). The page frame of the
 * signed-in pages is not asked for at all.
 */
function loginHtml(index: string, shell: string): string {
  return withScriptsBehindPaint(withHeadEnd(index, PARAMETERS_PRELOAD)).replace(
    ROOT_ELEMENT,
    () => `<div id="root">${markInformationBox(shell)}</div>`,
  );
}

/**
 * A page whose first paint is its HTML and stylesheet: its scripts are fetched at low priority,
 * behind the stylesheet, as nothing on screen waits for them.
 */
function withScriptsBehindPaint(html: string): string {
  return html
    .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin');
}

/**
 * The signed-in pages' HTML when the server knows their banner (apps/api/src/platform/web): the
 * page frame's shell in #root, painted from the HTML and stylesheet alone, like the login page.
 * The app is asked for by the entry once that paint is done (src/main.tsx), so it does not hold
 * it up; the router then asks for the page frame.
 */
function frameHtml(index: string, shell: string): string {
  return withScriptsBehindPaint(withHeadEnd(index, PARAMETERS_PRELOAD)).replace(ROOT_ELEMENT, () => `<div id="root">${shell}</div>`);
}

/**
 * After the client build: dist/login.html (first paint of the login route without waiting for
 * JavaScript or the API), the preloads of index.html (every other page), dist/frame.html (the
 * same with the signed-in pages' shell), then compressed copies of everything the server sends.
 */
function postBuild(): Plugin {
  let outDir = '';
  return {
    name: 'ecare-post-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Last, so that nothing (Vite's list of preloaded dependencies) comes before the hint; and
    // the check that LOADED_FIRST still names the right files.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const [name, file] of Object.entries(LOADED_FIRST)) {
          const named = Object.values(bundle).filter((item) => item.type === 'chunk' && file.test(item.fileName));
          if (named.length !== 1 || named[0]?.name !== name) {
            throw new Error(`LOADED_FIRST.${name} must name the ${name} file, and it alone: ${named.map((item) => item.fileName).join(', ')}`);
          }
        }
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk' || !EAGER_CHUNKS.has(item.name)) continue;
          item.code = `${COMPILE_HINT}\n${item.code}`;
          // A build with source maps: the code moved one line down (its map is already written).
          const map = bundle[`${item.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler(_options, bundle) {
        const indexFile = path.join(outDir, 'index.html');
        const index = await readFile(indexFile, 'utf8');
        if (!index.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
        const shells = await renderShells();
        if (!shells.frame.includes(FRAME_BANNER_MARKER)) throw new Error(`frame shell: no ${FRAME_BANNER_MARKER}`);
        await writeFile(path.join(outDir, LOGIN_HTML), loginHtml(index, shells.login));
        const app = appHtml(index, chunksOf(bundle, APP_MODULE), chunksOf(bundle, FRAME_MODULES));
        await writeFile(indexFile, app);
        await writeFile(path.join(outDir, FRAME_HTML), frameHtml(index, shells.frame));
        await precompress(outDir);
      },
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // The README documents NODE_ENV=development as the default environment: without this, Vite
  // would bundle React's development build into a production build run from such a shell.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    base: BASE,
    plugins: [react(), tailwindcss(), postBuild()],
    server: {
      proxy: {
        '/api': { target: apiTarget },
        '/ecare/version.json': { target: apiTarget },
      },
    },
    build: {
      target: 'es2022',
      // Every browser the build targets but Safari before 17 follows <link rel="modulepreload">
      // itself; Vite's polyfill (a script in the entry, on every page's first download) only
      // saved those few a moment, at everyone's expense. Before a dynamic import, Vite adds a
      // <link rel="modulepreload"> for each file the imported one needs, so they download side by
      // side; not for the imported file itself (the import fetches it) nor for the entry and the
      // app, which every page loads anyway: each link costs main-thread time as the page starts.
      modulePreload: {
        polyfill: false,
        resolveDependencies: (file, dependencies) =>
          dependencies.filter((dependency) => dependency !== file && !Object.values(LOADED_FIRST).some((loaded) => loaded.test(dependency))),
      },
      rolldownOptions: {
        output: {
          // Few files, each loaded whole (decision 012): every request costs a round trip on a
          // phone, and each small shared chunk its own compression overhead.
          // - index: the entry (src/main.tsx) and what it imports, small: it sends the page's
          //   first API reads, then imports the app;
          // - app: React, the router, the route table and the login route, all the login page
          //   runs (the login route budget counts index, app and the version check);
          // - frame: the frame of the signed-in pages and the home page, with what they import
          //   (TanStack Query, React Aria, the shared schemas…), one file the HTML preloads.
          // A group takes its modules' dependencies along, those of a higher priority excepted.
          // Other pages stay lazy chunks of their own.
          codeSplitting: {
            groups: [
              { name: 'index', tags: ['$initial'], priority: 3 },
              { name: 'app', test: APP_MODULE, priority: 2 },
              { name: 'frame', test: FRAME_MODULES, priority: 1 },
            ],
          },
        },
      },
    },
  };
});
