import pg from 'pg';
import type { Setting } from './db.ts';

/**
 * A statement sent together with what opens it, in one round trip: the extended protocol lets
 * a client write several Bind/Execute pairs before one Sync, and the server runs them in order
 * in one transaction. So the actor's settings (`set_config(..., true)`: role, funder, plane,
 * bounds) go in front of the statement instead of in a query of their own, and, where the
 * statement opens a transaction, a BEGIN in front of both (docs/decisions/platform.md, "A
 * statement carries its opening"). Without BEGIN the three end together at the Sync: a lone
 * statement as an actor is one round trip, its settings gone with it.
 *
 * An error anywhere stops the rest until the Sync: a statement never runs when its settings did
 * not take. Built on the pinned `pg`'s own query (its prepare and result handling), with the
 * opening's answers (a BEGIN's and the settings' completion and row) kept out of the result.
 */
const BEGIN = { name: 'funder_api_begin', text: 'BEGIN' };
const SETTINGS = {
  name: 'funder_api_settings',
  // json keeps its keys in order, as given: json_each_text yields them so.
  text: 'SELECT count(set_config(s.key, s.value, true)) FROM json_each_text($1::json) AS s',
};

/** The connection's internals this query writes on (pg's Connection, not in its types). */
interface Wire {
  parsedStatements: Record<string, string | undefined>;
  parse(config: { text: string; name: string; types: unknown[] }): void;
  bind(config: { statement: string; portal: string; values: unknown[] }): void;
  execute(config: { portal: string; rows: number }): void;
}

/** What pg's Query does that this one builds on (its own methods, not in its types). */
interface QueryInternals {
  prepare(connection: Wire): void;
  hasBeenParsed(connection: Wire): boolean;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: Wire): void;
  handleError(err: Error, connection: Wire): void;
}

const Base = pg.Query as unknown as new (
  config: pg.QueryConfig & { callback: Callback },
) => QueryInternals & {
  queryMode?: string;
  name?: string;
};

type Callback = (err: Error | undefined, result: pg.QueryResult) => void;

/** Why a statement sent with its opening failed, as far as the connection's state goes. */
export interface OpenedFailure {
  /** The opening itself failed: the statement did not run, nothing it set holds. */
  opening: boolean;
  /** A statement was parsed in the same round trip: which ones the server kept is unknown. */
  parsed: boolean;
}

class OpenedQuery extends Base {
  /** The opening's statements still to complete (their completions are not the statement's). */
  private pending = 0;
  failure: OpenedFailure | null = null;
  private parsedHere = false;

  constructor(
    config: pg.QueryConfig & { callback: Callback; query_timeout: number },
    private readonly begin: boolean,
    private readonly settings: readonly Setting[],
  ) {
    super(config);
    Object.assign(this, { query_timeout: config.query_timeout });
    // Always the extended protocol: the opening travels before its Sync.
    this.queryMode = 'extended';
  }

  override prepare(connection: Wire): void {
    const run = (statement: { name: string; text: string }, values: unknown[]) => {
      if (connection.parsedStatements[statement.name] === undefined) {
        connection.parse({ text: statement.text, name: statement.name, types: [] });
        connection.parsedStatements[statement.name] = statement.text;
        this.parsedHere = true;
      }
      connection.bind({ statement: statement.name, portal: '', values });
      connection.execute({ portal: '', rows: 0 });
      this.pending += 1;
    };
    if (this.begin) run(BEGIN, []);
    if (this.settings.length > 0) run(SETTINGS, [settingsJson(this.settings)]);
    // pg records only a named statement as parsed (on the round trip's first ParseComplete).
    if (this.name && !this.hasBeenParsed(connection)) this.parsedHere = true;
    super.prepare(connection);
  }

  override handleDataRow(msg: unknown): void {
    if (this.pending === 0) super.handleDataRow(msg);
  }

  override handleCommandComplete(msg: unknown, connection: Wire): void {
    if (this.pending > 0) this.pending -= 1;
    else super.handleCommandComplete(msg, connection);
  }

  override handleError(err: Error, connection: Wire): void {
    this.failure = { opening: this.pending > 0, parsed: this.parsedHere };
    super.handleError(err, connection);
  }
}

/** The settings as one json object, in order (a later one of the same name wins, as SET would). */
function settingsJson(settings: readonly Setting[]): string {
  return `{${settings.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`).join(',')}}`;
}

/**
 * Runs `config` on `client` behind its opening: a BEGIN if `begin`, then `settings`. On failure
 * the error is the server's own, with `openedFailure` telling what the connection is left in.
 */
export function queryOpened(
  client: pg.PoolClient,
  config: pg.QueryConfig & { query_timeout: number },
  begin: boolean,
  settings: readonly Setting[],
): Promise<pg.QueryResult> {
  return new Promise<pg.QueryResult>((resolve, reject) => {
    const query: OpenedQuery = new OpenedQuery(
      {
        ...config,
        callback: (err, result) => {
          if (!err) return resolve(result);
          reject(Object.assign(err, { openedFailure: query.failure ?? { opening: true, parsed: true } }));
        },
      },
      begin,
      settings,
    );
    client.query(query as unknown as pg.Submittable);
  }).catch((err: unknown) => {
    // As pg does for its own queries: a stack that leads back to the code awaiting the
    // statement (its async frames), not to the socket the answer came in on.
    if (err instanceof Error) Error.captureStackTrace(err);
    throw err;
  });
}

/** What a failed statement sent with its opening left the connection in, if it was one. */
export const openedFailureOf = (err: unknown): OpenedFailure | null =>
  (err as { openedFailure?: OpenedFailure } | null)?.openedFailure ?? null;
