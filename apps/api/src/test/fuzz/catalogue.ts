/**
 * The malformed values the fuzzer draws from. Values are named and built on demand, so a plan of
 * thousands of requests stays small in memory until each request is sent.
 *
 * No value may read as the text `true`: the development parameter switch would otherwise be
 * able to turn maintenance on, which this test must never do.
 */

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));

export const HUGE = 120_000;

/** Strings placed in path segments, query values, JSON strings, form fields. */
export const STRINGS = {
  nul: () => '\u0000',
  'nul-inside': () => 'ab\u0000cd',
  'nul-many': () => '\u0000'.repeat(64),
  'nul-huge': () => `a${'\u0000'.repeat(HUGE)}`,
  'c0-controls': () => range(1, 31).join(''),
  'c1-controls': () => range(0x80, 0x9f).join(''),
  del: () => '\u007f',
  'cr-lf': () => 'a\r\nSet-Cookie: x=1\r\n\r\n',
  'lone-high-surrogate': () => '\ud800',
  'lone-low-surrogate': () => 'x\udc00y',
  'reversed-surrogates': () => '\udc00\ud800',
  'huge-ascii': () => 'a'.repeat(HUGE),
  'huge-unicode': () => 'é😀'.repeat(HUGE / 3),
  'huge-digits': () => '9'.repeat(HUGE),
  emoji: () => '😀👨‍👩‍👧‍👦🏳️‍🌈',
  rtl: () => '\u202eتجربة שלום\u202c',
  'zero-width': () => '\u200b\u200c\u200d\ufeff',
  combining: () => 'Z\u0324\u0354\u0367\u0311a\u0308\u0356\u032dl',
  noncharacters: () => '\ufffe\uffff\u{10ffff}',
  'private-use': () => '\ue000\uf8ff',
  empty: () => '',
  blank: () => '   ',
  whitespace: () => '\t\n\r\u00a0\u2028\u2029',
  negative: () => '-1',
  zero: () => '0',
  'negative-zero': () => '-0',
  'int32-overflow': () => '2147483648',
  'int32-underflow': () => '-2147483649',
  'unsafe-integer': () => '9007199254740993',
  'huge-number': () => '1e308',
  'overflow-number': () => '1e309',
  'huge-negative': () => '-1e308',
  float: () => '1.5',
  'tiny-float': () => '5e-324',
  nan: () => 'NaN',
  infinity: () => 'Infinity',
  'minus-infinity': () => '-Infinity',
  hex: () => '0x1F',
  exponent: () => '1e3',
  'leading-zeros': () => '000001',
  plus: () => '+1',
  'spaced-number': () => ' 1 ',
  'numeric-separator': () => '1_000',
  'sql-quote': () => "' OR '1'='1' --",
  'sql-like': () => '%_%\\',
  backslash: () => '\\',
  quote: () => '"',
  html: () => '<script>alert(1)</script>',
  'path-traversal': () => '../../../../etc/passwd',
  template: () => '${7*7}{{7*7}}#{7*7}',
  'format-specifiers': () => '%s%n%x%d',
  'json-text': () => '{"a":[1,{"b":null}]}',
  'null-text': () => 'null',
  'undefined-text': () => 'undefined',
  'proto-text': () => '__proto__',
  'unicode-email': () => 'usér@exämple.test',
  'nul-email': () => 'a\u0000@exemple.test',
  'long-email': () => `${'a'.repeat(300)}@exemple.test`,
  'email-list': () => 'a@exemple.test,b@exemple.test',
} satisfies Record<string, () => string>;
export type StringName = keyof typeof STRINGS;
export const STRING_NAMES = Object.keys(STRINGS) as StringName[];

/** Path segments and query values already percent-encoded, as a hostile client writes them. */
export const RAW_URL_TOKENS = [
  '%00',
  'a%00b',
  '%00%00%00',
  '1%00',
  '%01',
  '%1F',
  '%7F',
  '%C2%80',
  '%C2%9F',
  '%C3%28',
  '%FF',
  '%FE%FF',
  '%C0%80',
  '%C0%AE%C0%AE',
  '%ED%A0%80',
  '%E2%82',
  '%F4%90%80%80',
  '%',
  '%G1',
  '%%',
  '%2',
  '%2F',
  '..%2F..%2F',
  '%2e%2e',
  '%2e',
  '..',
  '.',
  '%5C',
  '%20',
  '+',
  '%25',
  '%3F',
  '%23',
  '%26',
  ';x=1',
  '%0D%0ASet-Cookie:%20x=1',
  '%E2%80%AE',
  '%F0%9F%98%80',
] as const;

/** JSON texts put where a field's value goes: wrong types, edge numbers, non-JSON tokens. */
export const JSON_FRAGMENTS = {
  null: () => 'null',
  true: () => 'true',
  false: () => 'false',
  zero: () => '0',
  negative: () => '-1',
  'int32-overflow': () => '2147483648',
  'unsafe-integer': () => '9007199254740993',
  'huge-number': () => '1e308',
  'overflow-number': () => '1e309',
  float: () => '1.5',
  'negative-zero': () => '-0',
  'empty-array': () => '[]',
  'empty-object': () => '{}',
  'string-array': () => '["a","b"]',
  'object-for-value': () => '{"value":"a","__proto__":{"polluted":1}}',
  'deep-array': () => `${'['.repeat(1000)}${']'.repeat(1000)}`,
  'deep-object': () => `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`,
  'wide-array': () => `[${Array.from({ length: 10_000 }, (_, i) => i).join(',')}]`,
  'nan-token': () => 'NaN',
  'infinity-token': () => 'Infinity',
  'undefined-token': () => 'undefined',
  'single-quoted': () => "'a'",
  'hex-token': () => '0x10',
  'unterminated-string': () => '"abc',
  'escaped-nul': () => '"\\u0000"',
  'escaped-lone-surrogate': () => '"\\ud800"',
  'bad-escape': () => '"\\x41\\q"',
} satisfies Record<string, () => string>;
export type JsonFragmentName = keyof typeof JSON_FRAGMENTS;
export const JSON_FRAGMENT_NAMES = Object.keys(JSON_FRAGMENTS) as JsonFragmentName[];

/** Methods a Node server parses; light-my-request refuses the others, as would Node itself. */
export const ODD_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'SEARCH', 'LOCK', 'MKCOL', 'PURGE', 'QUERY'] as const;

/**
 * Header values. Only what Node's HTTP parser lets through (visible ASCII, tab, bytes
 * 0x80-0xFF): light-my-request would pass NUL or line breaks that no real client can send.
 */
export const HEADER_VALUES = {
  authorization: [
    'Bearer',
    'Bearer ',
    'Bearer aaaaaaaaaaaaaaa',
    `Bearer ${'a'.repeat(129)}`,
    `Bearer ${'a'.repeat(8000)}`,
    'Bearer \u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9',
    'Basic Zm9vOmJhcg==',
    'bearer aaaaaaaaaaaaaaaaaaaa',
    'Bearer aaaaaaaaaaaaaaaaaaaa, Bearer bbbbbbbbbbbbbbbbbbbb',
    'Bearer\taaaaaaaaaaaaaaaaaaaa',
  ],
  cookie: ['XSRF-TOKEN=', 'XSRF-TOKEN=%E0%A4%A', 'XSRF-TOKEN=a; XSRF-TOKEN=b', 'XSRF-TOKEN="abc', `XSRF-TOKEN=${'x'.repeat(8000)}`, '=;=;;', 'XSRF-TOKEN=%00'],
  'x-xsrf-token': ['', 'other', `${'x'.repeat(8000)}`, '%00', '\u00ff\u00fe'],
  'content-type': ['application/json', 'application/json; charset=latin1', 'text/plain', 'multipart/form-data', 'x'.repeat(4000), 'application/json; charset=\u00ff'],
  accept: ['application/xml', '*/*;q=garbage', '', 'text/html;q=-1', 'x'.repeat(4000)],
  'accept-encoding': ['gzip;q=NaN, br;q=-1, *;q=2', 'identity;q=0', 'x'.repeat(4000), 'deflate, gzip, br, zstd, compress'],
  'accept-language': ['\u00ff\u00fe', 'fr;q=abc', '*'],
  'x-forwarded-for': ['garbage, 999.999.1.1, ::ffff:', '127.0.0.1', ''],
  host: ['', 'evil.example:99999', 'a'.repeat(300), '[::1'],
  range: ['bytes=999999999999-', 'bytes=-1', 'bytes=5-1', 'bytes=0-0,0-0,0-0,0-0'],
  'if-none-match': ['*', '"\u00ff"', 'W/'],
  'if-modified-since': ['garbage', 'Tue, 99 Foo 99999 99:99:99 GMT'],
  'transfer-encoding': ['gzip'],
  origin: ['null', 'https://evil.example'],
} satisfies Record<string, string[]>;
export type HeaderName = keyof typeof HEADER_VALUES;
export const HEADER_NAMES = Object.keys(HEADER_VALUES) as HeaderName[];
/** Headers whose mutation takes the caller's bearer token or XSRF pair away on purpose. */
export const CREDENTIAL_HEADERS: readonly string[] = ['authorization', 'cookie', 'x-xsrf-token'];
