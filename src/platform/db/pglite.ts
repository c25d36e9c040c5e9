import { mkdir } from 'node:fs/promises';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { DIR_MODE, tightenDataDir } from '../data-dir.ts';
import { actorSettings, currentActor, settingsSql } from './actor.ts';
import {
  type Db,
  openingSettings,
  type QueryOptions,
  type QueryResult,
  type TransactionOptions,
  type Tx,
} from './db.ts';

export interface PgliteOptions {
  /** Folder for the data; null keeps everything in memory. */
  dataDir: string | null;
  /** A tarball made by `dumpDataDir`, to start from a migrated template. */
  loadDataDir?: Blob;
}

/** How many texts without a name of their own PGlite's session keeps parsed (see `keptName`). */
const KEPT_TEXTS = 200;

// Dates as 'YYYY-MM-DD' strings, like the PostgreSQL adapter.
const parsers = { [types.DATE]: (value: string) => value };

export async function createPgliteDb(
  options: PgliteOptions,
): Promise<Db & { pglite: PGlite; backup(): Promise<Uint8Array> }> {
  const { dataDir } = options;
  if (dataDir) await mkdir(dataDir, { recursive: true, mode: DIR_MODE });
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers,
  });
  // Its file layer makes files 0666 (0644 for some) whatever the umask: owner-only again.
  if (dataDir) await tightenDataDir(dataDir);

  const toResult = <T>(result: { rows: unknown[]; affectedRows?: number }): QueryResult<T> => ({
    rows: result.rows as T[],
    // PGlite reports 0 affected rows for a SELECT; pg reports the rows returned. Same meaning for both.
    rowCount: Math.max(result.affectedRows ?? 0, result.rows.length),
  });

  /**
   * Named statements (`QueryOptions.name`), as the PostgreSQL adapter has them: the first call
   * parses the text under its name in PGlite's one session, every later call binds and runs it,
   * so PostgreSQL can keep its plan instead of parsing, rewriting (row-level security policies
   * included) and planning the statement again. A name stands for one text: another text under
   * a name already used is a programming error, as with `pg`.
   */
  const prepared = new Map<string, { sql: string; paramTypes: number[] }>();
  const serialize = protocol.serialize;
  const step = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });

  async function runNamed<R>(sql: string, params: readonly unknown[], name: string): Promise<QueryResult<R>> {
    const known = prepared.get(name);
    if (known && known.sql !== sql)
      throw new Error(`statement name ${name} is already used for another text`);
    const messages = [];
    try {
      let statement = known;
      if (!statement) {
        messages.push(...(await step(serialize.parse({ name, text: sql }))));
        const described = await step(serialize.describe({ type: 'S', name }));
        statement = { sql, paramTypes: parse.parseDescribeStatementResults(described) };
        prepared.set(name, statement);
      }
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = pglite.serializers[statement.paramTypes[i] ?? 0];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(...(await step(serialize.bind({ statement: name, values }))));
      messages.push(...(await step(serialize.describe({ type: 'P' }))));
      messages.push(...(await step(serialize.execute({}))));
    } finally {
      messages.push(...(await step(serialize.sync())));
    }
    return toResult<R>(parse.parseResults(messages, pglite.parsers)[0]!);
  }

  /**
   * Every other text with parameters is kept too, under a name of its own, the way drivers that
   * prepare every statement do: parsing, rewriting (row-level security policies included) and
   * planning were most of an ordinary statement's time, some three quarters of a join read.
   * At most `KEPT_TEXTS` are kept; the one unused longest is closed when another comes, so a text
   * made afresh each time (a list of placeholders as long as its values) cannot fill the session.
   * PostgreSQL plans a kept statement again when what it reads changes or another role runs it.
   */
  const kept = new Map<string, string>();
  let keptCount = 0;
  async function keptName(sql: string): Promise<string> {
    const known = kept.get(sql);
    if (known) {
      // The most recently used last: a Map iterates in insertion order.
      kept.delete(sql);
      kept.set(sql, known);
      return known;
    }
    if (kept.size >= KEPT_TEXTS) {
      const [oldestSql, oldest] = kept.entries().next().value as [string, string];
      kept.delete(oldestSql);
      prepared.delete(oldest);
      await step(serialize.close({ type: 'S', name: oldest }));
      await step(serialize.sync());
    }
    const name = `kept_${++keptCount}`;
    kept.set(sql, name);
    return name;
  }

  /** A text with parameters runs as a kept statement; one without as PGlite runs it. */
  const runKept = async <R>(sql: string, params: readonly unknown[]): Promise<QueryResult<R>> => {
    const name = await keptName(sql);
    try {
      return await runNamed<R>(sql, params, name);
    } catch (err) {
      // A text that did not parse is not kept: its name is free for nothing else to find.
      if (!prepared.has(name)) kept.delete(sql);
      throw err;
    }
  };

  /** Inside a transaction (which holds PGlite's transaction lock): the query lock only. */
  const namedInTransaction = <R>(sql: string, params: readonly unknown[], name: string) =>
    pglite.runExclusive(() => runNamed<R>(sql, params, name));
  const keptInTransaction = <R>(sql: string, params: readonly unknown[]) =>
    pglite.runExclusive(() => runKept<R>(sql, params));

  /**
   * PGlite's one user is a superuser, which row-level security never binds: every transaction
   * switches to the actor's role first (platform/db/actor.ts), as on PostgreSQL.
   */
  function transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T> {
    const setup = settingsSql(openingSettings(actorSettings(currentActor()), options));
    return pglite.transaction(async (inner) => {
      if (setup) await inner.exec(setup);
      return fn({
        async query<R>(sql: string, params?: readonly unknown[], options?: QueryOptions) {
          if (options?.name) return namedInTransaction<R>(sql, params ?? [], options.name);
          if (params && params.length > 0) return keptInTransaction<R>(sql, params);
          return toResult<R>(await inner.query(sql, params as unknown[] | undefined));
        },
        async exec(sql: string) {
          await inner.exec(sql);
        },
      });
    });
  }

  /** Only the gate runs a lone statement as the connecting role; anyone else gets a short transaction. */
  const asGate = () => currentActor()?.kind === 'gate';

  return {
    kind: 'pglite',
    pglite,
    async query<T>(sql: string, params?: readonly unknown[], options?: QueryOptions) {
      if (!asGate()) return transaction((tx) => tx.query<T>(sql, params, options));
      if (options?.name || (params && params.length > 0)) {
        const name = options?.name;
        const result = await pglite._runExclusiveTransaction(() =>
          pglite.runExclusive(() =>
            name ? runNamed<T>(sql, params ?? [], name) : runKept<T>(sql, params ?? []),
          ),
        );
        await pglite.syncToFs();
        return result;
      }
      return toResult<T>(await pglite.query(sql, params as unknown[] | undefined));
    },
    async exec(sql: string) {
      if (!asGate()) return transaction((tx) => tx.exec(sql));
      await pglite.exec(sql);
    },
    transaction,
    async backup() {
      // A checkpoint first, so a restore has little to replay. Then the dump under the
      // transaction lock, which every transaction and every lone statement takes: open ones
      // finish, new ones wait until the copy is made.
      await pglite.exec('CHECKPOINT');
      return pglite._runExclusiveTransaction(async () => {
        const dump = await pglite.dumpDataDir('gzip');
        return new Uint8Array(await dump.arrayBuffer());
      });
    },
    async close() {
      if (!pglite.closed) await pglite.close();
      if (dataDir) await tightenDataDir(dataDir);
    },
  };
}
