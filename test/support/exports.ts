import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { TestService } from './service.ts';

export interface ExportFileView {
  name: string;
  bytes: number;
  sha256: string;
  url: string;
  url_expires_at: string;
}

export interface ExportView {
  id: string;
  status: string;
  download_available: boolean;
  manifest_sha256: string | null;
  progress: Record<string, unknown>;
  expires_at?: string;
  row_counts?: Record<string, number>;
  files?: ExportFileView[];
  [field: string]: unknown;
}

export { drainJobs } from './worker.ts';

export async function getExport(service: TestService, key: string, id: string): Promise<ExportView> {
  const answer = await service.call<{ export: ExportView }>(key, 'GET', `/v1/exports/${id}`);
  expect(answer.status).toBe(200);
  return answer.body.export;
}

/** Fetches a link without a key, answering the status and the raw bytes. */
export async function download(
  service: TestService,
  url: string,
): Promise<{ status: number; bytes: Buffer }> {
  const path = url.slice(url.indexOf('/v1/'));
  const response = await service.app.inject({ method: 'GET', url: path });
  return { status: response.statusCode, bytes: response.rawPayload };
}

/** Downloads every volume and unzips them with the system `unzip` into one fresh directory (under the system's temporary directory). */
export async function unzipExport(service: TestService, view: ExportView): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'export-test-'));
  for (const file of view.files ?? []) {
    const got = await download(service, file.url);
    expect(got.status).toBe(200);
    expect(got.bytes.length).toBe(file.bytes);
    const zipPath = join(dir, file.name);
    await writeFile(zipPath, got.bytes);
    execFileSync('unzip', ['-q', '-o', zipPath, '-d', join(dir, 'content')]);
  }
  return join(dir, 'content');
}

export function runVerify(dir: string): { status: number | null; output: string } {
  const run = spawnSync('python3', ['verify.py'], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

export async function readAll(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const name of await readdir(dir)) files.set(name, await readFile(join(dir, name), 'utf8'));
  return files;
}
