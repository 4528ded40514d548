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

/** The HTML the server sends for the login route (apps/api/src/modules/web): index.html with the page already in #root. */
const LOGIN_HTML = 'login.html';
const ROOT_ELEMENT = '<div id="root"></div>';
const LOGIN_ROUTE_MODULE = '/src/app/routes/login-route.tsx';
/** The banner's box in the prerendered page (LOGIN_INFORMATION_ID of login-information.tsx)… */
const INFORMATION_BOX = 'id="information-connexion"';
/** …where the server writes the banner (INFORMATION_MARKER of apps/api/src/modules/web/login-page.ts). */
const INFORMATION_MARKER = '<!--ecare:information-->';
/** Read by the login route as soon as it runs; asked for by the HTML so the answer is there by then. */
const PARAMETERS_URL = '/api/parametres';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Below this size a compressed copy saves less than its own headers cost. */
const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;

/** Renders the login page with the app's own components (src/app/prerender-login.tsx). */
async function renderLoginShell(): Promise<string> {
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
    const module: unknown = await server.ssrLoadModule('/src/app/prerender-login.tsx');
    const render =
      typeof module === 'object' && module !== null && 'renderLoginShell' in module ? module.renderLoginShell : undefined;
    if (typeof render !== 'function') throw new Error('prerender-login.tsx exports no renderLoginShell()');
    const html: unknown = await render();
    if (typeof html !== 'string' || html === '') throw new Error('the login shell rendered nothing');
    return html;
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
 * preCompressed. Not for login.html: the server fills it in for each request.
 */
async function precompress(outDir: string): Promise<void> {
  const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file) && path.basename(file) !== LOGIN_HTML);
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

/**
 * The chunk holding the login route and every chunk it imports statically: what the page needs
 * before it works, whether or not index.html loads it already.
 */
function loginRouteChunks(bundle: Rolldown.OutputBundle): string[] {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
  const route = [...chunks.values()].find((chunk) => chunk.moduleIds.some((id) => id.endsWith(LOGIN_ROUTE_MODULE)));
  if (!route) throw new Error(`no chunk holds ${LOGIN_ROUTE_MODULE}`);
  const found = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (found.has(chunk.fileName)) return;
    found.add(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = chunks.get(name);
      if (imported) visit(imported);
    }
  };
  visit(route);
  return [...found];
}

/** The prerendered page with the server's marker in the banner's (empty) box. */
function markInformationBox(shell: string): string {
  const box = shell.indexOf(INFORMATION_BOX);
  const end = box < 0 ? -1 : shell.indexOf('>', box) + 1;
  if (end <= 0 || !shell.startsWith('</div>', end)) throw new Error(`login shell: no empty element with ${INFORMATION_BOX}`);
  return shell.slice(0, end) + INFORMATION_MARKER + shell.slice(end);
}

/**
 * The login page's HTML (served by apps/api/src/modules/web): the page itself in #root, the
 * requests its code makes at once (the route's chunks, the server parameters) started by the
 * HTML instead of one after the other. The page is painted from HTML and CSS alone, so its
 * scripts are fetched at low priority, behind the stylesheet.
 */
function loginHtml(index: string, shell: string, chunks: string[]): string {
  const preloads = chunks
    .filter((file) => !index.includes(`${BASE}${file}`))
    .map((file) => `    <link rel="modulepreload" crossorigin href="${BASE}${file}">\n`)
    .join('');
  const parameters = `    <link rel="preload" href="${PARAMETERS_URL}" as="fetch" crossorigin>\n`;
  return index
    .replace('</head>', `${preloads}${parameters}  </head>`)
    .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin')
    .replace(ROOT_ELEMENT, () => `<div id="root">${markInformationBox(shell)}</div>`);
}

/**
 * After the client build: dist/login.html (first paint of the login route without waiting for
 * JavaScript or the API), then compressed copies of everything the server sends.
 */
function postBuild(): Plugin {
  let outDir = '';
  return {
    name: 'ecare-post-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler(_options, bundle) {
        const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
        if (!index.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
        const shell = await renderLoginShell();
        await writeFile(path.join(outDir, LOGIN_HTML), loginHtml(index, shell, loginRouteChunks(bundle)));
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
      rolldownOptions: {
        output: {
          // Everything the first page needs in one file: the login route counts every script
          // it fetches, and each small shared chunk (React, constants…) costs a request and
          // its own compression overhead (decision 012).
          codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
        },
      },
    },
  };
});
