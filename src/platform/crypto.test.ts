import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretBox } from './crypto.ts';

/** A sealed value with its raw bytes (iv | tag | ciphertext) cut to `bytes`. */
const cut = (sealed: string, bytes: number): string =>
  `v1.${Buffer.from(sealed.slice(3), 'base64').subarray(0, bytes).toString('base64')}`;

describe('sealed values', () => {
  const key = randomBytes(32);
  const box = secretBox(key);

  it('open to what was sealed, an empty value included (nonce and tag only)', () => {
    expect(box.open(box.seal('whsec_0123'))).toBe('whsec_0123');
    const empty = box.seal('');
    expect(Buffer.from(empty.slice(3), 'base64')).toHaveLength(12 + 16);
    expect(box.open(empty)).toBe('');
  });

  it('never open cut short: a tag of 4 to 15 bytes is refused, not checked as a shorter tag', () => {
    // An empty value's tag cut to its first bytes is what GCM would accept as a short tag: the
    // one case where a cut value could open, and the one that matters (a short tag is forgeable).
    const empty = box.seal('');
    const withPrevious = secretBox(randomBytes(32), { previous: key });
    for (let bytes = 12 + 4; bytes < 12 + 16; bytes += 1) {
      const truncated = cut(empty, bytes);
      expect(() => box.open(truncated)).toThrow(/too short to hold its nonce and its 16-byte tag/);
      expect(() => withPrevious.open(truncated)).toThrow(/too short/);
      expect(() => withPrevious.reseal(truncated)).toThrow(/too short/);
    }
  });

  it('never open cut anywhere, nor with a byte changed', () => {
    const sealed = box.seal('ors_secret');
    const length = Buffer.from(sealed.slice(3), 'base64').length;
    for (let bytes = 0; bytes < length; bytes += 1) expect(() => box.open(cut(sealed, bytes))).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[20]! ^= 1;
    expect(() => box.open(`v1.${raw.toString('base64')}`)).toThrow();
  });
});
