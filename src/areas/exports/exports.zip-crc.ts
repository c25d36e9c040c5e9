import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';

/**
 * The ZIP writer (yazl) checksums every byte it stores with CRC-32 through the `buffer-crc32`
 * package, a byte-at-a-time JavaScript loop that took about a third of an export's build time
 * on the main thread. Node's own `zlib.crc32` gives the same values (the standard CRC-32, same
 * seed and continuation) many times faster, so the `unsigned` function yazl calls is pointed at
 * it, once, in the copy of `buffer-crc32` that yazl itself loads. A later yazl that stops using
 * that package is caught by `exports.build.test.ts` ("the ZIP writer's checksum"), and every
 * export test unzips with the system `unzip`, which checks each entry's CRC-32.
 */
const fromYazl = createRequire(createRequire(import.meta.url).resolve('yazl'));
const bufferCrc32 = fromYazl('buffer-crc32') as { unsigned(buf: Buffer | string, previous?: number): number };

export const zipCrcSpedUp = (() => {
  const javascript = bufferCrc32.unsigned;
  const sample = Buffer.from('funder-api export, ümlaut');
  if (javascript(sample) !== crc32(sample)) return false;
  bufferCrc32.unsigned = (buf, previous) => crc32(buf, previous ?? 0);
  return true;
})();
