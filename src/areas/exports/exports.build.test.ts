import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drainJobs,
  type ExportView,
  getExport,
  runVerify,
  unzipExport,
} from '../../../test/support/exports.ts';
import { requestsGiven } from '../../../test/support/requests-fixtures.ts';
import { startService, type TestService } from '../../../test/support/service.ts';
import { loggableUrl } from '../../platform/log-safety.ts';
import { ScratchFile, ZipWriter } from './exports.zip.ts';

async function requestExport(service: TestService, key: string): Promise<ExportView> {
  const answer = await service.call<{ export: ExportView }>(key, 'POST', '/v1/exports', {
    body: { lang: 'de' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  return answer.body.export;
}

describe('a download link in a log line', () => {
  it('keeps its path and expiry but never its signature', () => {
    const sig = 'ab'.repeat(32);
    const logged = loggableUrl(`/v1/export-downloads/a/b/export-c-001.zip?expires=1790000000&sig=${sig}`);
    expect(logged).toContain('expires=1790000000');
    expect(logged).not.toContain(sig);
  });
});

describe('the ZIP writer', () => {
  const files: [string, string][] = [
    ['a.csv', 'id,name\r\n1,"Müller, S.L."\r\n'.repeat(2000)],
    ['empty.jsonl', ''],
    ['carpeta/ñandú.txt', 'texto en UTF-8: ñ € 漢字\n'],
  ];

  /** A ZIP of `files` (the first two through scratch files, the last from memory). */
  async function writeZip(dir: string, forceZip64: boolean): Promise<string> {
    const path = join(dir, forceZip64 ? 'zip64.zip' : 'plain.zip');
    const out = createWriteStream(path);
    const zip = new ZipWriter(out, { forceZip64 });
    const at = new Date('2026-11-23T10:20:30Z');
    for (const [name, text] of files.slice(0, 2)) {
      // The entry is started before a byte of the file is written: it follows the file as it
      // is written, in two writes.
      const half = Math.floor(text.length / 2);
      const file = new ScratchFile(join(dir, name.replace('/', '_')));
      const entry = zip.addStream(name, at, file.stream());
      await file.write(text.slice(0, half));
      await file.write(text.slice(half));
      await file.close();
      await entry;
      // The manifest's facts of the file, counted from the bytes the entry took.
      const bytes = Buffer.from(text, 'utf8');
      expect(file.facts).toEqual({
        bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
    await zip.addBuffer(files[2]![0], at, Buffer.from(files[2]![1], 'utf8'));
    await zip.end();
    await finished(out);
    return path;
  }

  it.each([false, true])(
    'writes entries the system unzip and Python read back byte for byte, with their CRC-32 checked (ZIP64 forced: %s)',
    async (forceZip64) => {
      const dir = await mkdtemp(join(tmpdir(), 'funder-zip-'));
      try {
        const zip = await writeZip(dir, forceZip64);
        // `unzip -t` checks every entry's CRC-32 and sizes; Python checks them again on reading.
        expect(execFileSync('unzip', ['-t', zip], { encoding: 'utf8' })).toContain('No errors detected');
        const listed = execFileSync(
          'python3',
          [
            '-c',
            'import sys, zipfile, json; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(json.dumps([[i.filename, z.read(i).decode("utf-8")] for i in z.infolist()]))',
            zip,
          ],
          { encoding: 'utf8' },
        );
        expect(JSON.parse(listed)).toEqual(files);
        const out = join(dir, 'out');
        execFileSync('unzip', ['-q', zip, '-d', out]);
        for (const [name, text] of files) expect(await readFile(join(out, name), 'utf8')).toBe(text);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('an entry following a scratch file', () => {
  it('reads a file from the moment it is made, before the file exists on disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'funder-zip-'));
    try {
      for (let i = 0; i < 20; i++) {
        const part = new ScratchFile(join(dir, `early-${i}`));
        // The reading starts in the same tick: the write stream has not created the file yet.
        const reading = (async () => {
          const got: Buffer[] = [];
          for await (const chunk of part.chunks()) got.push(chunk);
          return Buffer.concat(got).toString('utf8');
        })();
        await part.write(`line ${i}\r\n`);
        await part.close();
        expect(await reading).toBe(`line ${i}\r\n`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails, instead of waiting, when its volume is closed while the file is still being written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'funder-zip-'));
    try {
      const out = createWriteStream(join(dir, 'closed.zip'));
      const zip = new ZipWriter(out);
      const file = new ScratchFile(join(dir, 'open'));
      const entry = zip.addStream('open.csv', new Date('2026-11-23T10:20:30Z'), file.stream());
      await file.write('id\r\n1\r\n');
      // The upload fails: the volume's destination goes away; the file stays open.
      out.destroy(new Error('the upload failed'));
      await expect(entry).rejects.toThrow();
      file.destroy();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails, instead of waiting, when the file is destroyed before it is written whole', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'funder-zip-'));
    try {
      const zip = new ZipWriter(createWriteStream(join(dir, 'broken.zip')));
      const file = new ScratchFile(join(dir, 'part'));
      const entry = zip.addStream('part.csv', new Date('2026-11-23T10:20:30Z'), file.stream());
      await file.write('id\r\n1\r\n');
      file.destroy();
      await expect(entry).rejects.toThrow('was not written whole');
      expect(() => file.facts).toThrow('only once it is read whole');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a build whose worker was killed, and small volumes', () => {
  let service: TestService;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'exports-build-'));
    // Small volumes: the export spreads over several, which verify.py checks once unzipped together.
    service = await startService({ config: { dataDir, exportVolumeBytes: 4096 } });
  });
  afterAll(async () => {
    await service?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('restarts after the lost worker’s claim ends, drops what it left, and ends ready with a manifest that verifies', async () => {
    const given = requestsGiven(service);
    const funder = await given.funder();
    for (let i = 0; i < 3; i++) await given.fundedRequest({ funder });
    const queued = await requestExport(service, funder.key);

    // A worker took the job, stored a partial volume and died: its claim holds for 300 seconds.
    const deadToken = '11111111-1111-4111-8111-111111111111';
    const now = await given.now();
    const claimed = await service.db.query(
      `UPDATE jobs SET locked_by = 'crashed-worker', attempts = 1,
              locked_until = $2::timestamptz + interval '300 seconds'
        WHERE job_key = $1`,
      [`export.build:${queued.id}`, now],
    );
    expect(claimed.rowCount).toBe(1);
    await service.db.query(
      `UPDATE exports SET status = 'running', build_token = $2,
              progress = '{"entities_done":3,"entities_total":30,"rows":12,"volumes_written":0,"phase":"reading"}'
        WHERE id = $1`,
      [queued.id, deadToken],
    );
    const partialDir = join(dataDir, 'exports', queued.id, deadToken);
    await mkdir(partialDir, { recursive: true });
    await writeFile(join(partialDir, `export-${queued.id}-001.zip`), 'not a whole zip');

    await drainJobs(service);
    const running = await getExport(service, funder.key, queued.id);
    expect(running).toMatchObject({ status: 'running', download_available: false, manifest_sha256: null });
    expect(running.progress).toMatchObject({ entities_done: 3, phase: 'reading' });

    await service.advanceClock(301);
    await drainJobs(service);
    const ready = await getExport(service, funder.key, queued.id);
    expect(ready.status).toBe('ready');
    expect(existsSync(partialDir)).toBe(false);
    expect(ready.files!.length).toBeGreaterThan(1);
    const dir = await unzipExport(service, ready);
    const run = runVerify(dir);
    expect(run.output).toContain('OK');
    expect(run.status).toBe(0);
  });
});

describe('the S3-compatible storage', () => {
  let s3: S3rver;
  let service: TestService;
  let bucketDir: string;
  beforeAll(async () => {
    bucketDir = await mkdtemp(join(tmpdir(), 's3rver-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: 'exports' }],
    });
    const { port } = await s3.run();
    // The fake server's fixed credentials, read by the SDK from the environment as in production.
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    service = await startService({
      config: {
        exportStorageUrl: `s3://exports/funder-api?endpoint=http://127.0.0.1:${port}&path_style=true`,
        exportVolumeBytes: 8192,
      },
    });
  });
  afterAll(async () => {
    await service?.close();
    await s3?.close();
    await rm(bucketDir, { recursive: true, force: true });
  });

  it('stores the volumes in the bucket, hands out links any server can check, and deletes them after 24 hours', async () => {
    const given = requestsGiven(service);
    const funder = await given.funder();
    await given.settledRequest({ funder });
    const queued = await requestExport(service, funder.key);
    await drainJobs(service);
    const ready = await getExport(service, funder.key, queued.id);
    expect(ready.status).toBe('ready');
    const dir = await unzipExport(service, ready);
    expect(runVerify(dir).status).toBe(0);

    await service.advanceClock(24 * 3600);
    await drainJobs(service);
    const url = ready.files![0]!.url;
    const gone = await service.app.inject({ method: 'GET', url: url.slice(url.indexOf('/v1/')) });
    expect(gone.statusCode).toBe(404);
    const after = await getExport(service, funder.key, queued.id);
    expect(after.download_available).toBe(false);
  });
});
