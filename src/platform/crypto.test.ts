import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derivationKeyOf, secretBox } from './crypto.ts';

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

describe('derived values and their generations', () => {
  const [k1, k2, k3] = [randomBytes(32), randomBytes(32), randomBytes(32)];
  const kept = (generation: number, key: Buffer) => ({ generation, key: derivationKeyOf(key) });

  it('are made under the secrets key’s own derivation key, in the generation after the kept ones', () => {
    const first = secretBox(k1);
    expect(first.generation).toBe(1);
    // During the first rotation: the new key's own generation, the previous key's the one before.
    const during = secretBox(k2, { previous: k1 });
    expect(during.generation).toBe(2);
    expect(during.derive('client-link:x')).not.toBe(first.derive('client-link:x'));
    expect(during.deriveIn(1, 'client-link:x')).toBe(first.derive('client-link:x'));
    expect(during.derivationToKeep()).toEqual(kept(1, k1));
    // After it, the new key alone with generation 1 kept: the same generations.
    const after = secretBox(k2, { kept: [kept(1, k1)] });
    expect(after.generation).toBe(2);
    expect(after.derive('client-link:x')).toBe(during.derive('client-link:x'));
    expect(after.deriveIn(1, 'client-link:x')).toBe(first.derive('client-link:x'));
    expect(after.derivationToKeep()).toBeNull();
  });

  it('after a second rotation, know nothing of the first key once its generation is no longer kept', () => {
    const during = secretBox(k3, { previous: k2, kept: [kept(1, k1)] });
    expect(during.generation).toBe(3);
    expect(during.derivationToKeep()).toEqual(kept(2, k2));
    const after = secretBox(k3, { kept: [kept(2, k2)] });
    expect(after.generation).toBe(3);
    expect(after.deriveIn(2, 'client-link:x')).toBe(secretBox(k2).derive('client-link:x'));
    expect(after.deriveIn(1, 'client-link:x')).toBeNull();
    expect(after.derive('client-link:x')).toBe(during.derive('client-link:x'));
  });
});
