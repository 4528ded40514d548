import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { checkedAddresses, isReachableAddress, pinnedLookup, webhookUrl, type Resolve } from './webhooks.ssrf.ts';

const PUBLIC = { allowLoopback: false };
const LOOPBACK = { allowLoopback: true };
const resolvingTo =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('the addresses a webhook may reach', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.1',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.251',
    '192.0.2.10',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isReachableAddress(address, PUBLIC)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4007:80e::200e', '::ffff:8.8.8.8'])('accepts the public address %s', (address) => {
    expect(isReachableAddress(address, PUBLIC)).toBe(true);
  });

  it('with loopback allowed, accepts loopback addresses only, never private, link-local nor metadata ones', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(isReachableAddress(address, LOOPBACK), address).toBe(true);
    for (const address of ['10.0.0.1', '192.168.0.1', '169.254.169.254', 'fe80::1', 'fc00::1', '0.0.0.0']) expect(isReachableAddress(address, LOOPBACK), address).toBe(false);
  });
});

describe('the URL a webhook is saved with', () => {
  it.each([
    'ftp://hooks.example.com/x',
    'http://hooks.example.com/x',
    'https://user:secret@hooks.example.com/x',
    'https://user@hooks.example.com/x',
    'https://127.0.0.1/x',
    'https://0x7f.1/x',
    'https://2130706433/x',
    'https://10.0.0.1/x',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[fe80::1]/x',
    'hooks.example.com/x',
    '/relative',
    'https://',
    `https://hooks.example.com/${'a'.repeat(2000)}`,
  ])('refuses %s', (url) => {
    expect(webhookUrl(url, PUBLIC)).toBeNull();
  });

  it('accepts an https URL to a name or a public address, normalised', () => {
    expect(webhookUrl('https://Hooks.Example.com:8443/recevoir?compte=1', PUBLIC)?.href).toBe('https://hooks.example.com:8443/recevoir?compte=1');
    expect(webhookUrl('https://93.184.215.14/x', PUBLIC)?.href).toBe('https://93.184.215.14/x');
    // A name is judged where it leads, at each delivery.
    expect(webhookUrl('https://localhost/x', PUBLIC)?.href).toBe('https://localhost/x');
  });

  it('with loopback allowed, takes plain http and loopback addresses, nothing more', () => {
    expect(webhookUrl('http://127.0.0.1:8080/x', LOOPBACK)?.href).toBe('http://127.0.0.1:8080/x');
    expect(webhookUrl('http://[::1]:8080/x', LOOPBACK)?.href).toBe('http://[::1]:8080/x');
    for (const url of ['http://10.0.0.1/x', 'https://169.254.169.254/', 'ftp://127.0.0.1/', 'http://u:p@127.0.0.1/', 'http://hooks.example.com/x']) expect(webhookUrl(url, LOOPBACK), url).toBeNull();
  });
});

describe('the check at delivery, after DNS', () => {
  it('refuses a name when any address it resolves to is not public', async () => {
    expect(await checkedAddresses('intranet.example.com', { ...PUBLIC, resolve: resolvingTo('10.1.2.3') })).toEqual({
      refused: 'Adresse refusée : intranet.example.com ne mène pas à une adresse publique.',
    });
    expect(await checkedAddresses('mixed.example.com', { ...PUBLIC, resolve: resolvingTo('93.184.215.14', '169.254.169.254') })).toHaveProperty('refused');
    expect(await checkedAddresses('mapped.example.com', { ...PUBLIC, resolve: resolvingTo('::ffff:127.0.0.1') })).toHaveProperty('refused');
    expect(await checkedAddresses('nowhere.example.com', { ...PUBLIC, resolve: resolvingTo() })).toEqual({ refused: 'Adresse refusée : nowhere.example.com ne mène pas à une adresse publique.' });
    const failing: Resolve = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    // An unknown name answers as one leading inside: the log tells nothing of the operator's names.
    expect(await checkedAddresses('unknown.example.com', { ...PUBLIC, resolve: failing })).toEqual({ refused: 'Adresse refusée : unknown.example.com ne mène pas à une adresse publique.' });
  });

  it('refuses localhost, which the system resolves to a loopback address, unless loopback is allowed', async () => {
    expect(await checkedAddresses('localhost', PUBLIC)).toEqual({ refused: 'Adresse refusée : localhost ne mène pas à une adresse publique.' });
    expect(await checkedAddresses('localhost', LOOPBACK)).toMatchObject({ addresses: expect.arrayContaining([expect.objectContaining({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) })]) });
  });

  it('answers public addresses, which the connection is then pinned to', async () => {
    const checked = await checkedAddresses('hooks.example.com', { ...PUBLIC, resolve: resolvingTo('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c') });
    expect(checked).toEqual({
      addresses: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
      ],
    });
    if (!('addresses' in checked)) return;
    const lookup = pinnedLookup(checked.addresses);
    const one = await new Promise<[string | LookupAddress[], number | undefined]>((resolve) => lookup('hooks.example.com', { family: 4 }, (_error, address, family) => resolve([address, family])));
    expect(one).toEqual(['93.184.215.14', 4]);
    const all = await new Promise<string | LookupAddress[]>((resolve) => lookup('hooks.example.com', { all: true }, (_error, addresses) => resolve(addresses)));
    expect(all).toEqual(checked.addresses);
  });
});

describe('WEBHOOKS_ALLOW_LOOPBACK', () => {
  it('is off by default, and a production server refuses to start with it', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).webhooksAllowLoopback).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOKS_ALLOW_LOOPBACK: 'true' }).webhooksAllowLoopback).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', WEBHOOKS_ALLOW_LOOPBACK: 'true' })).toThrow(/WEBHOOKS_ALLOW_LOOPBACK/);
    expect(() => loadConfig({ WEBHOOKS_ALLOW_LOOPBACK: 'oui' })).toThrow(/WEBHOOKS_ALLOW_LOOPBACK/);
  });
});
