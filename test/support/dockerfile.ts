import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, posix, relative } from 'node:path';
import { promisify } from 'node:util';

/**
 * A Dockerfile replayed without a container engine: each stage gets a directory of its own
 * standing for its filesystem, and its instructions run in order as Docker would run them,
 * with the machine's own Node.js and npm in place of the base image's. The replay follows the
 * file: an instruction it cannot replay faithfully makes it fail, never skip.
 *
 * - `FROM image AS name` starts a stage (the image itself is not fetched).
 * - `WORKDIR`, `ENV`, `VOLUME`: kept; an absolute path of the image (one whose first segment a
 *   WORKDIR, VOLUME, ENV or COPY names) is mapped into the stage's directory, in RUN commands too.
 * - `COPY [--from=stage] source... destination`: from the project (less what .dockerignore
 *   leaves out) or from an earlier stage's directory.
 * - `RUN [--mount=type=cache,...] command`: `/bin/sh -c command` in the working directory, as
 *   root unless a `USER` came before it. A cache mount is the machine's own cache (npm's).
 * - `USER uid:gid`: numeric. Run as root, the replay then runs commands as that user (as
 *   Docker would); run as another user, it cannot switch and runs them as itself.
 * - `CMD`, `HEALTHCHECK ... CMD`: exec form, kept for the caller to run.
 */

export interface Instruction {
  keyword: string;
  flags: Record<string, string>;
  args: string;
}

export interface Stage {
  name: string;
  image: string;
  root: string;
  workdir: string;
  env: Record<string, string>;
  /** `env` with the image's paths mapped into `root`. */
  mappedEnv: Record<string, string>;
  user: { uid: number; gid: number } | null;
  volumes: string[];
  exposed: string[];
  cmd: string[] | null;
  healthcheck: { flags: Record<string, string>; cmd: string[] } | null;
}

/** The instructions of a Dockerfile: continuation lines joined, comments and blank lines left out. */
export function parseDockerfile(text: string): Instruction[] {
  const joined = text.replace(/\\\r?\n/g, ' ');
  const instructions: Instruction[] = [];
  for (const raw of joined.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!match) throw new Error(`not an instruction: ${line}`);
    let rest = match[2]!.trim();
    const flags: Record<string, string> = {};
    for (let flag = /^--([a-z-]+)=(\S+)\s+/.exec(rest); flag; flag = /^--([a-z-]+)=(\S+)\s+/.exec(rest)) {
      flags[flag[1]!] = flag[2]!;
      rest = rest.slice(flag[0].length);
    }
    instructions.push({ keyword: match[1]!.toUpperCase(), flags, args: rest });
  }
  return instructions;
}

/** An exec-form argument list (a JSON array of strings); the shell form is refused. */
function execForm(args: string): string[] {
  const list = JSON.parse(args) as unknown;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string'))
    throw new Error(`not an exec form: ${args}`);
  return list;
}

/** The .dockerignore patterns as tests on a path relative to the build context. */
async function ignoredBy(context: string): Promise<(path: string) => boolean> {
  const text = await readFile(join(context, '.dockerignore'), 'utf8').catch(() => '');
  const patterns = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((pattern) => {
      if (pattern.startsWith('!')) throw new Error('.dockerignore: exceptions are not replayed');
      const source = pattern
        .replace(/^\/+/, '')
        .split('**')
        .map((part) =>
          part
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]'),
        )
        .join('.*');
      // A pattern leaves out what it names and everything under it.
      return new RegExp(`^${source}(/.*)?$`);
    });
  return (path) => patterns.some((pattern) => pattern.test(path));
}

/** Runs `/bin/sh -c command` and fails with its output when it fails. */
function shell(
  command: string,
  cwd: string,
  env: Record<string, string>,
  user: Stage['user'],
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { cwd, env, ...userOptions(user) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`RUN ${command} failed (${code}):\n${output}`)),
    );
  });
}

/** Whether this process can run commands as another user (it is root). */
export const canSwitchUser = (): boolean => process.getuid?.() === 0;

/** spawn's options running a child as `user`, when this process may switch to it. */
export function userOptions(user: Stage['user']): { uid?: number; gid?: number } {
  return user && canSwitchUser() ? { uid: user.uid, gid: user.gid } : {};
}

export interface ReplayOptions {
  dockerfile: string;
  context: string;
  base: string;
  env: Record<string, string>;
  log?: (line: string) => void;
}

/** What every step of one replay shares. */
interface Replay {
  options: ReplayOptions;
  stages: Stage[];
  ignored: (path: string) => boolean;
  /** A value (a command, an ENV value) with the image's absolute paths mapped into `stage`. */
  mapValue: (stage: Stage, value: string) => string;
}

const inRoot = (stage: Stage, path: string) => join(stage.root, path);
const imagePath = (stage: Stage, path: string) => posix.resolve(stage.workdir, path);

/** The image's own top-level directories: those a WORKDIR, VOLUME, ENV or COPY names. */
function imageTops(instructions: Instruction[]): string[] {
  const tops = new Set<string>();
  const noteTop = (path: string) => {
    if (path.startsWith('/')) tops.add(path.split('/')[1]!);
  };
  for (const { keyword, args, flags } of instructions) {
    if (keyword === 'WORKDIR' || keyword === 'VOLUME') noteTop(args.trim());
    if (keyword === 'ENV') for (const pair of args.split(/\s+/)) noteTop(pair.split('=')[1] ?? '');
    if (keyword === 'COPY') {
      const parts = args.split(/\s+/);
      noteTop(parts.at(-1)!);
      if (flags.from) for (const source of parts.slice(0, -1)) noteTop(source);
    }
  }
  return [...tops];
}

/**
 * Replays `dockerfile` with `context` as the build context, each stage in a directory under
 * `base`. `env` is the machine's part of every command's environment (PATH, npm's settings),
 * under the image's own. Answers the stages, the last one being the image.
 */
export async function replayDockerfile(options: ReplayOptions): Promise<Stage[]> {
  const instructions = parseDockerfile(await readFile(options.dockerfile, 'utf8'));
  const pattern = imageTops(instructions)
    .map((top) => top.replace(/[.+^${}()|[\]\\]/g, '\\$&'))
    .join('|');
  const replay: Replay = {
    options,
    stages: [],
    ignored: await ignoredBy(options.context),
    mapValue: (stage, value) =>
      pattern === ''
        ? value
        : value.replace(
            new RegExp(`(^|[\\s=:'"])(/(?:${pattern})(?=/|$|[\\s;&|'"]))`, 'g'),
            (_all, before: string, path: string) => `${before}${inRoot(stage, path)}`,
          ),
  };
  for (const instruction of instructions) {
    options.log?.(`${instruction.keyword} ${instruction.args}`);
    if (instruction.keyword === 'FROM') replay.stages.push(await startStage(replay, instruction.args));
    else {
      const stage = replay.stages.at(-1);
      if (!stage) throw new Error(`${instruction.keyword} before FROM`);
      await step(replay, stage, instruction);
    }
  }
  if (replay.stages.length === 0) throw new Error('no stage');
  for (const stage of replay.stages) {
    stage.mappedEnv = Object.fromEntries(
      Object.entries(stage.env).map(([name, value]) => [name, replay.mapValue(stage, value)]),
    );
  }
  return replay.stages;
}

/** `FROM image [AS name]`: a new stage in a directory of its own. */
async function startStage(replay: Replay, args: string): Promise<Stage> {
  const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
  if (!match) throw new Error(`FROM ${args}`);
  const name = match[2] ?? String(replay.stages.length);
  const root = join(replay.options.base, `stage-${name}`);
  await mkdir(root, { recursive: true });
  // Any user may pass through, as through a container's /.
  await chmod(root, 0o755);
  return {
    name,
    image: match[1]!,
    root,
    workdir: '/',
    env: {},
    mappedEnv: {},
    user: null,
    volumes: [],
    exposed: [],
    cmd: null,
    healthcheck: null,
  };
}

/** One instruction of a stage after its FROM. */
async function step(replay: Replay, stage: Stage, { keyword, flags, args }: Instruction): Promise<void> {
  switch (keyword) {
    case 'WORKDIR':
      stage.workdir = imagePath(stage, args.trim());
      await mkdir(inRoot(stage, stage.workdir), { recursive: true });
      return;
    case 'ENV':
      for (const pair of args.split(/\s+/)) {
        const at = pair.indexOf('=');
        if (at < 1 || /["'\\]/.test(pair)) throw new Error(`ENV in a form not replayed: ${args}`);
        stage.env[pair.slice(0, at)] = pair.slice(at + 1);
      }
      return;
    case 'COPY':
      return copyStep(replay, stage, flags, args);
    case 'RUN': {
      if (flags.mount && !/^type=cache,/.test(flags.mount))
        throw new Error(`RUN --mount=${flags.mount} is not replayed`);
      const environment = {
        ...replay.options.env,
        HOME: stage.user ? stage.root : inRoot(stage, '/root'),
        ...Object.fromEntries(
          Object.entries(stage.env).map(([name, value]) => [name, replay.mapValue(stage, value)]),
        ),
      };
      const cwd = inRoot(stage, stage.workdir);
      const output = await shell(replay.mapValue(stage, args), cwd, environment, stage.user);
      replay.options.log?.(output.trim().split('\n').slice(-3).join('\n'));
      return;
    }
    case 'USER': {
      const match = /^(\d+):(\d+)$/.exec(args.trim());
      if (!match) throw new Error(`USER ${args}: the replay takes a numeric uid:gid`);
      stage.user = { uid: Number(match[1]), gid: Number(match[2]) };
      return;
    }
    case 'VOLUME':
      stage.volumes.push(args.trim());
      return;
    case 'EXPOSE':
      stage.exposed.push(...args.split(/\s+/));
      return;
    case 'HEALTHCHECK': {
      const match = /^CMD\s+(.*)$/.exec(args);
      if (!match) throw new Error(`HEALTHCHECK ${args}`);
      stage.healthcheck = { flags, cmd: execForm(match[1]!) };
      return;
    }
    case 'CMD':
      stage.cmd = execForm(args);
      return;
    default:
      throw new Error(`${keyword}: not replayed`);
  }
}

/** `COPY [--from=stage] source... destination`, from the build context or an earlier stage. */
async function copyStep(replay: Replay, stage: Stage, flags: Record<string, string>, args: string) {
  if (flags.chown || flags.chmod || flags.link) throw new Error(`COPY flags not replayed: ${args}`);
  const parts = args.split(/\s+/);
  const destination = imagePath(stage, parts.at(-1)!);
  const sources = parts.slice(0, -1);
  const from = flags.from ? replay.stages.find((earlier) => earlier.name === flags.from) : null;
  if (flags.from && !from) throw new Error(`COPY --from=${flags.from}: no such stage`);
  const { context } = replay.options;
  const intoDirectory = parts.at(-1)!.endsWith('/') || sources.length > 1;
  for (const source of sources) {
    const path = from ? inRoot(from, imagePath(from, source)) : join(context, source);
    if (!from && replay.ignored(posix.normalize(source).replace(/\/$/, '')))
      throw new Error(`COPY ${source}: left out by .dockerignore`);
    const isDirectory = (await stat(path)).isDirectory();
    const target = inRoot(
      stage,
      intoDirectory && !isDirectory ? posix.join(destination, posix.basename(source)) : destination,
    );
    await cp(path, target, {
      recursive: true,
      filter: (file) => from !== null || !replay.ignored(relative(context, file).split('\\').join('/')),
    });
  }
}

/** The environment of a process started from the image: the machine's, the image's, then `extra`. */
export function imageEnvironment(
  image: Stage,
  machine: Record<string, string>,
  extra: Record<string, string>,
): Record<string, string> {
  return {
    ...machine,
    HOME: image.user ? image.root : join(image.root, 'root'),
    ...image.mappedEnv,
    ...extra,
  };
}

/**
 * What a replay's outcome depends on: the Dockerfile, every file of the build context that
 * .dockerignore lets in, and the Node.js and npm that stand in for the base image's.
 */
async function buildInputs(options: ReplayOptions): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await readFile(options.dockerfile));
  const ignored = await ignoredBy(options.context);
  const walk = async (relativeDir: string): Promise<void> => {
    const entries = await readdir(join(options.context, relativeDir), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = relativeDir === '' ? entry.name : `${relativeDir}/${entry.name}`;
      if (ignored(path)) continue;
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) hash.update(`${path}\0`).update(await readFile(join(options.context, path)));
    }
  };
  await walk('');
  const npm = await promisify(execFile)('npm', ['--version'], { env: options.env });
  hash.update(`${process.version} npm ${npm.stdout.trim()}`);
  return hash.digest('hex');
}

/**
 * `replayDockerfile` into `keep`/image, the outcome kept for later runs of the same build (the
 * same build inputs, `buildInputs`): the first run replays and keeps a copy of the fresh image,
 * its last stage (ownership and modes preserved; the earlier stages only fed its COPY --from), a
 * later one gets that copy back, as fresh, at the same paths. `.ci/run` gives its embedded and PostgreSQL runs one such directory, so the image is
 * built once per CI run and started by both; any change to the build inputs replays it again.
 */
export async function replayKept(options: Omit<ReplayOptions, 'base'> & { keep: string }): Promise<Stage[]> {
  await mkdir(options.keep, { recursive: true });
  // The image's user must pass through to its directories, as through a container's /.
  await chmod(options.keep, 0o755);
  const base = join(options.keep, 'image');
  const fresh = join(options.keep, 'fresh');
  const record = join(options.keep, 'stages.json');
  const inputs = await buildInputs({ ...options, base });
  const kept = await readFile(record, 'utf8')
    .then((text) => JSON.parse(text) as { inputs: string; stages: Stage[] })
    .catch(() => null);
  await rm(base, { recursive: true, force: true });
  if (kept?.inputs === inputs) {
    await mkdir(base);
    await chmod(base, 0o755);
    const image = kept.stages.at(-1)!.root;
    await promisify(execFile)('cp', ['-a', join(fresh, relative(base, image)), image]);
    return kept.stages;
  }
  await rm(record, { force: true });
  await rm(fresh, { recursive: true, force: true });
  await mkdir(base);
  await chmod(base, 0o755);
  const stages = await replayDockerfile({ ...options, base });
  await mkdir(fresh);
  const image = stages.at(-1)!.root;
  await promisify(execFile)('cp', ['-a', image, join(fresh, relative(base, image))]);
  await writeFile(record, JSON.stringify({ inputs, stages }));
  return stages;
}
