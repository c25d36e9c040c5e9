/**
 * Which texts sent with parameters and no name of their own a PostgreSQL pool runs as named
 * statements, under a name it gives them (`kept_<n>`): each connection then parses, rewrites
 * (row-level security policies included) and plans such a text once and binds it after.
 *
 * `pg` keeps a connection's statements for the connection's life, with no way to close one, so
 * what is kept is bounded here instead: a text is kept from its second call (one made afresh at
 * every call, a list of placeholders as long as its values, never is), and no more than `kept`
 * texts in all; past that, new texts run unnamed as before. A text with a `*` other than
 * `count(*)` is never kept: PostgreSQL refuses to run a kept statement whose `*` now stands for
 * other columns, which a rolling migration adding a column would cause on a running server.
 */
export function keptTexts(limits: { kept: number; candidates: number } = { kept: 300, candidates: 2000 }) {
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  return {
    /** The name `sql` runs under, or null to run it unnamed. */
    nameOf(sql: string): string | null {
      const known = names.get(sql);
      if (known) return known;
      if (names.size >= limits.kept || !keepable(sql)) return null;
      if (!seenOnce.has(sql)) {
        if (seenOnce.size >= limits.candidates) seenOnce.clear();
        seenOnce.add(sql);
        return null;
      }
      seenOnce.delete(sql);
      const name = `kept_${names.size + 1}`;
      names.set(sql, name);
      return name;
    },
  };
}

const keepable = (sql: string): boolean => !sql.replaceAll(/count\(\*\)/gi, '').includes('*');
