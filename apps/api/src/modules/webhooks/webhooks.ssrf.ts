import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_URL_MAX } from '@ecare/shared';

/*
 * What a webhook may reach (decision 062): a customer names the URL, the portal's servers call
 * it, so it must never lead them to this machine, the operator's network or a cloud metadata
 * service. The host is checked when the webhook is saved (a literal address) and again at every
 * delivery, after DNS: every address the name resolves to must be public, and the connection
 * goes to an address so checked, never to what a second resolution (DNS rebinding) would give.
 */

/** Whether loopback addresses and plain http are allowed (WEBHOOKS_ALLOW_LOOPBACK, tests only). */
export interface ReachOptions {
  allowLoopback: boolean;
}

/**
 * A public address: globally routable unicast, as ipaddr.js classes it; an IPv4-mapped IPv6
 * address is judged as the IPv4 address it carries. Everything else is refused: loopback,
 * private (10/8, 172.16/12, 192.168/16), link-local (169.254/16, where cloud metadata answers,
 * fe80::/10), unique-local (fc00::/7), unspecified, carrier-grade NAT (100.64/10), multicast,
 * broadcast, reserved and documentation ranges, and the IPv6 ranges that carry an IPv4 address
 * (NAT64, 6to4, Teredo). Loopback only when allowed.
 */
export function isReachableAddress(address: string, { allowLoopback }: ReachOptions): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

/** The host of a URL as an address or name to resolve: without the brackets of an IPv6 literal. */
export function hostOf(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * The URL a webhook may be saved with, normalised (the WHATWG parser writes `0x7f.1` or
 * `2130706433` as 127.0.0.1), or null: absolute `https://` (`http://` too when loopback is
 * allowed), no user name nor password, and a host that is a name or a public literal address
 * (a loopback one only when allowed). Where a name leads is checked at each delivery, after DNS.
 */
export function webhookUrl(text: string, options: ReachOptions): URL | null {
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  const host = hostOf(url);
  // Plain http only to this machine, and only when loopback is allowed: nothing else is relaxed.
  const loopbackHttp = url.protocol === 'http:' && options.allowLoopback && (host === 'localhost' || (ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback'));
  if (url.protocol !== 'https:' && !loopbackHttp) return null;
  if (url.username !== '' || url.password !== '' || url.hostname === '' || url.href.length > WEBHOOK_URL_MAX) return null;
  return !ipaddr.isValid(host) || isReachableAddress(host, options) ? url : null;
}

/** Why a stored URL may not be called (any more), in French, or null when it may. */
export function urlRefusal(text: string, options: ReachOptions): string | null {
  if (webhookUrl(text, options)) return null;
  const host = URL.canParse(text) ? hostOf(new URL(text)) : '';
  return ipaddr.isValid(host) && !isReachableAddress(host, options)
    ? `Adresse refusée : ${host} est une adresse privée, locale ou réservée.`
    : 'Adresse refusée : elle n’est plus une URL qu’un webhook accepte.';
}

/** How a host is resolved: node's resolver, or a test's. */
export type Resolve = (host: string, options: LookupOptions & { all: true }) => Promise<LookupAddress[]>;

export type CheckedHost = { addresses: LookupAddress[] } | { refused: string };

/**
 * Every address `host` resolves to, when there are some and all of them are public (or loopback,
 * when allowed); otherwise why not, in French, as the delivery log shows it.
 */
export async function checkedAddresses(host: string, options: ReachOptions & { resolve?: Resolve; plainHttp?: boolean }): Promise<CheckedHost> {
  // One answer for a name unknown and a name leading inside, without the address: the log must
  // not tell a customer which of the operator's internal names exist, nor where they lead.
  const refused = { refused: `Adresse refusée : ${host} ne mène pas à une adresse publique.` };
  const resolve = options.resolve ?? dnsLookup;
  const addresses = await resolve(host, { all: true, verbatim: true }).catch(() => []);
  if (addresses.length === 0 || addresses.some(({ address }) => !isReachableAddress(address, options))) return refused;
  // Plain http (loopback allowed) must stay on this machine whatever the name resolves to.
  if (options.plainHttp && addresses.some(({ address }) => ipaddr.process(address).range() !== 'loopback')) return refused;
  return { addresses };
}

/**
 * A `lookup` for node's http(s) request that answers the addresses already checked, whatever the
 * DNS says by then: the connection goes where the check looked.
 */
export function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return (_host, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    const matching = addresses.filter((entry) => family === 0 || entry.family === family);
    const [first] = matching;
    if (!first) {
      callback(Object.assign(new Error('no checked address of the requested family'), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    if (options.all) callback(null, matching);
    else callback(null, first.address, first.family);
  };
}
