import { BlockList, isIP, SocketAddress } from 'node:net';

/**
 * The address of the client a request comes from, for throttling and the audit log.
 *
 * The TCP peer (`socketAddress`) is the answer unless it is a trusted proxy. Only then is `X-Forwarded-For`
 * read, from the right (the entries proxies appended last): trusted proxies are skipped and the first
 * untrusted address is the client (the RFC 7239 section 7.4 reasoning; proxy-addr does the same). When every
 * entry is trusted, the leftmost one is the farthest hop known and is returned. Entries that are not an IP
 * address (`unknown`, obfuscated identifiers, garbage) are ignored; `1.2.3.4:5678`, `[2001:db8::1]` and
 * `[2001:db8::1]:443` forms are accepted. A header sent by an untrusted client is never read, so forging it
 * neither evades a per-address limit nor lumps other clients together.
 *
 * Every address is canonicalised: IPv6 lower-cased and compressed, zone index dropped, and IPv4-mapped IPv6
 * (`::ffff:1.2.3.4`, as a dual-stack socket reports IPv4 peers) turned into plain IPv4, so one client has one
 * key. A socket address that is not an IP (a Unix socket, a destroyed socket) is returned unchanged.
 *
 * @param trustedProxies exact addresses or CIDR ranges (`10.0.0.0/8`, `fd00::/8`); entries that do not parse
 *   are never trusted (see {@link invalidTrustedProxies} to reject them at boot instead).
 */
export function clientIp(
  socketAddress: string,
  forwardedFor: string | undefined,
  trustedProxies: readonly string[],
): string {
  const peer = canonicalIp(socketAddress);
  if (peer === undefined) return socketAddress;
  if (trustedProxies.length === 0 || !forwardedFor) return peer;
  const trusted = blockListFor(trustedProxies);
  if (!isTrusted(trusted, peer)) return peer;
  let farthest = peer;
  const hops = forwardedFor.split(',');
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = canonicalIp(stripPort(hops[index] ?? ''));
    if (hop === undefined) continue;
    if (!isTrusted(trusted, hop)) return hop;
    farthest = hop;
  }
  return farthest;
}

/** The entries of a trusted-proxy list that are neither an IP address nor a CIDR range (empty when all parse). */
export function invalidTrustedProxies(entries: readonly string[]): string[] {
  return entries.filter((entry) => parseProxyEntry(entry) === undefined);
}

const blockLists = new WeakMap<readonly string[], BlockList>();

/** Built once per list (the configuration's array lives as long as the process). */
function blockListFor(entries: readonly string[]): BlockList {
  let list = blockLists.get(entries);
  if (list === undefined) {
    list = new BlockList();
    for (const entry of entries) {
      const parsed = parseProxyEntry(entry);
      if (parsed === undefined) continue;
      if (parsed.prefix === undefined) list.addAddress(parsed.address, parsed.family);
      else list.addSubnet(parsed.address, parsed.prefix, parsed.family);
    }
    blockLists.set(entries, list);
  }
  return list;
}

interface ProxyEntry {
  readonly address: string;
  readonly family: 'ipv4' | 'ipv6';
  readonly prefix: number | undefined;
}

function parseProxyEntry(raw: string): ProxyEntry | undefined {
  const [host = '', prefixText, ...rest] = raw.trim().split('/');
  if (rest.length > 0) return undefined;
  const address = canonicalIp(host);
  if (address === undefined) return undefined;
  const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) return { address, family, prefix: undefined };
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  // A mapped IPv4 range (`::ffff:10.0.0.0/104`) was turned into IPv4 above: shift its prefix to match.
  const mapped = family === 'ipv4' && isIP(host.trim()) === 6;
  const effective = mapped ? prefix - 96 : prefix;
  if (effective < 0 || effective > (family === 'ipv4' ? 32 : 128)) return undefined;
  return { address, family, prefix: effective };
}

function isTrusted(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
}

/** `1.2.3.4:80` → `1.2.3.4`, `[::1]:80` and `[::1]` → `::1`; anything else is returned trimmed. */
function stripPort(raw: string): string {
  const value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) return bracketed[1] ?? '';
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(value);
  if (ipv4WithPort) return ipv4WithPort[1] ?? '';
  return value;
}

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/;

/** The canonical text of an IP address, or undefined when `raw` is not one. */
function canonicalIp(raw: string): string | undefined {
  const value = raw.trim();
  const version = isIP(value);
  if (version === 4) return value;
  if (version !== 6) return undefined;
  const canonical = new SocketAddress({ address: value, family: 'ipv6' }).address;
  return MAPPED_IPV4.exec(canonical)?.[1] ?? canonical;
}
