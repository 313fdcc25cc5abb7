import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isForbiddenAddress } from './address-policy.ts';

/**
 * The one error of a refused target. It names no address: outbound errors are shown to members, and what an
 * internal name resolves to would map the network behind the server.
 */
export const REFUSED_TARGET = 'refused: not a public address';

export class RefusedTarget extends Error {
  constructor() {
    super(REFUSED_TARGET);
  }
}

/**
 * dns.lookup, refusing the name when any address it resolves to is forbidden. Given as the `lookup` of the
 * connection itself, every address DNS gives for the name is checked where the socket is made, so a name that
 * resolves differently at connect time (DNS rebinding) cannot slip past a check done earlier.
 */
export const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const forbidden = addresses.find(({ address }) => isForbiddenAddress(address));
    if (forbidden || addresses.length === 0) return callback(new RefusedTarget(), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses as [LookupAddress];
    return callback(null, first.address, first.family);
  });
};
