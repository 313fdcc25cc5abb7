import { randomBytes } from 'node:crypto';
import type { IdGenerator } from '../../application/ports/id-generator.ts';

/** RFC 9562 UUIDv7: 48-bit Unix milliseconds then 74 random bits, so ids sort by creation time. */
export class UuidV7IdGenerator implements IdGenerator {
  newId(): string {
    const bytes = randomBytes(16);
    const ms = BigInt(Date.now());
    for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
    bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
    bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}
