/**
 * The parts' declarations of one kind, each named once: a name two parts declare stops the
 * start (`the <what> <name> is declared twice`), since the later one would silently replace or
 * shadow the earlier. The areas' job kinds, event types, sealed columns and scrape gauges are
 * joined through it.
 */
export function declaredOnce<T>(items: readonly T[], nameOf: (item: T) => string, what: string): T[] {
  const seen = new Set<string>();
  for (const item of items) {
    const name = nameOf(item);
    if (seen.has(name)) throw new Error(`the ${what} ${name} is declared twice`);
    seen.add(name);
  }
  return [...items];
}
