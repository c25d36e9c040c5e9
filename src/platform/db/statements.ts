import type { Queryable, QueryResult } from './db.ts';

/**
 * Named statements (`QueryOptions.name`) declared once, with the names of the columns they
 * answer. The row type a store reads is checked against that list by the type checker (the
 * same names, no more, no fewer), and the list against the SQL by a test that describes every
 * declared statement on a migrated database (src/platform/db/named-statements.test.ts): a
 * column added to the SQL, the list or the type without the other two fails one of them.
 */
export interface NamedStatement<Row> {
  readonly name: string;
  readonly sql: string;
  /** The names of the statement's result columns, in its order; empty for a write without RETURNING. */
  readonly columns: readonly string[];
  /** Carries the row type only; never set. */
  readonly row?: Row;
}

/** The row type a statement answers. */
export type RowOf<S> = S extends NamedStatement<infer Row> ? Row : never;

/**
 * `Columns` when it names exactly the keys of `Row`; otherwise a type no list satisfies, which
 * says what is missing and what is extra.
 */
type ExactColumns<Row, Columns extends readonly string[]> = [
  Exclude<keyof Row, Columns[number]>,
  Exclude<Columns[number], keyof Row>,
] extends [never, never]
  ? Columns
  : {
      missingColumns: Exclude<keyof Row, Columns[number]>;
      extraColumns: Exclude<Columns[number], keyof Row>;
    };

/** A row with no columns: the statement writes and answers nothing. */
export type NoRow = Record<never, never>;

const declared = new Map<string, NamedStatement<unknown>>();

/**
 * Declares a named statement answering rows of `Row`:
 * `namedStatement<OfferRow>()({ name, columns: [...], sql })`. One name stands for one text.
 */
export function namedStatement<Row>() {
  return <const Columns extends readonly string[]>(definition: {
    name: string;
    columns: Columns & ExactColumns<Row, Columns>;
    sql: string;
  }): NamedStatement<Row> => {
    const known = declared.get(definition.name);
    if (known && known.sql !== definition.sql)
      throw new Error(`statement name ${definition.name} is declared twice with different texts`);
    const statement: NamedStatement<Row> = {
      name: definition.name,
      sql: definition.sql,
      columns: [...definition.columns],
    };
    declared.set(statement.name, statement);
    return statement;
  };
}

/** Every statement declared by the modules loaded so far. */
export const declaredStatements = (): readonly NamedStatement<unknown>[] => [...declared.values()];

/** Runs a declared statement under its name. */
export function runStatement<Row>(
  q: Queryable,
  statement: NamedStatement<Row>,
  params: readonly unknown[],
): Promise<QueryResult<Row>> {
  return q.query<Row>(statement.sql, params, { name: statement.name });
}
