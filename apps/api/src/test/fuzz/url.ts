import { HUGE, STRINGS } from './catalogue.ts';
import type { PathShape, QueryMutation, Text, UrlPiece } from './mutations.ts';

export const resolveText = (text: Text): string => ('lib' in text ? STRINGS[text.lib]() : text.text);

/** Keeps the development parameter switch from ever receiving a value that turns maintenance on. */
export const neverTrue = (text: string): string => (text.trim().toLowerCase() === 'true' ? 'tru' : text);

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, as in any client). */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export const urlPiece = (piece: UrlPiece): string => ('raw' in piece ? piece.raw : percentEncode(neverTrue(resolveText(piece.encode))));

/** A query string (without `?`) changed as the mutation says; pairs are `name=value`, encoded. */
export function mutateQuery(pairs: string[], mutation: QueryMutation): string[] {
  const name = 'name' in mutation ? percentEncode(mutation.name) : '';
  switch (mutation.kind) {
    case 'value':
      return [...pairs.filter((pair) => !pair.startsWith(`${name}=`)), `${name}=${urlPiece(mutation.value)}`];
    case 'repeat':
      return [...pairs, `${name}=1`, `${name}=2`];
    case 'bracket-name':
      return [...pairs, `${name}[]=1`, `${name}[a]=2`];
    case 'nul-name':
      return [...pairs, `${name}%00=1`];
    case 'shape':
      switch (mutation.shape) {
        case 'nul':
          return [...pairs, '%00'];
        case 'bad-encoding':
          return [...pairs, '%FF=%FF', '%C3%28=%E0%A4%A'];
        case 'ampersands':
          return [...pairs, '', '', ''];
        case 'equals':
          return [...pairs, '=', '==', 'a==b'];
        case 'many-params':
          return [...pairs, ...Array.from({ length: 1000 }, (_, i) => `p${i}=${i}`)];
        case 'huge':
          return [...pairs, `q=${'a'.repeat(HUGE)}`];
        case 'proto':
          return [...pairs, '__proto__[x]=1', 'constructor[prototype][x]=1', '__proto__=1'];
        case 'percent':
          return [...pairs, '%', '%%=%'];
        case 'plus-signs':
          return [...pairs, 'q=+++', '+=+'];
      }
  }
}

const innerSlashes = (path: string) => [...path].flatMap((char, index) => (char === '/' && index > 0 ? [index] : []));

/** The path changed as a hostile client or a sloppy proxy would write it. `at` picks a position. */
export function shapePath(path: string, shape: PathShape, at: number): string {
  const first = path.slice(1).split('/')[0] ?? '';
  const rest = path.slice(1 + first.length);
  const slashes = innerSlashes(path);
  const slash = slashes.length ? slashes[at % slashes.length] : undefined;
  const replaceSlash = (by: string) => (slash === undefined ? `${path}${by}` : `${path.slice(0, slash)}${by}${path.slice(slash + 1)}`);
  switch (shape) {
    case 'encode-letter': {
      const letters = [...path].flatMap((char, index) => (/[A-Za-z]/.test(char) ? [index] : []));
      const index = letters[at % Math.max(letters.length, 1)];
      if (index === undefined) return path;
      return `${path.slice(0, index)}%${path.charCodeAt(index).toString(16)}${path.slice(index + 1)}`;
    }
    case 'double-leading-slash':
      return `/${path}`;
    case 'double-inner-slash':
      return replaceSlash('//');
    case 'upper-case':
      return path.toUpperCase();
    case 'upper-first-segment':
      return `/${first.toUpperCase()}${rest}`;
    case 'dot-segment':
      return `/${first}/.${rest}`;
    case 'dotdot-segment':
      return `/${first}/zz/..${rest}`;
    case 'encoded-dotdot':
      return `/${first}/%2e%2e${path}`;
    case 'encoded-dot':
      return `/${first}/%2e${rest}`;
    case 'overlong-dot':
      return `/${first}/%C0%AE%C0%AE${path}`;
    case 'trailing-slash':
      return `${path}/`;
    case 'trailing-dot':
      return `${path}/.`;
    case 'trailing-semicolon':
      return `${path};jsessionid=1`;
    case 'trailing-nul':
      return `${path}%00`;
    case 'trailing-encoded-slash':
      return `${path}%2F`;
    case 'trailing-space':
      return `${path}%20`;
    case 'trailing-tab':
      return `${path}%09`;
    case 'backslash':
      return `/${path.slice(1).replaceAll('/', '\\')}`;
    case 'encoded-backslash':
      return `/${path.slice(1).replaceAll('/', '%5C')}`;
    case 'encoded-slash-separator':
      return replaceSlash('%2F');
    case 'empty-query':
      return `${path}?`;
    case 'double-question':
      return `${path}??a=1`;
    case 'fragment':
      return `${path}#fragment`;
    case 'raw-unicode':
      return `${path}/é😀`;
    case 'absolute-form':
      return `http://evil.example${path}`;
    case 'huge-path':
      return `${path}/${'a'.repeat(HUGE)}`;
    case 'many-segments':
      return `${path}${'/a'.repeat(5000)}`;
  }
}

/** Joins a (possibly shaped) path and query pairs; a fragment stays last. */
export function joinUrl(path: string, pairs: string[]): string {
  const hash = path.indexOf('#');
  const [base, fragment] = hash >= 0 ? [path.slice(0, hash), path.slice(hash)] : [path, ''];
  if (!pairs.length) return `${base}${fragment}`;
  return `${base}${base.includes('?') ? '&' : '?'}${pairs.join('&')}${fragment}`;
}
