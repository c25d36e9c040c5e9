import { canonicalJson } from '../../canonical-json.ts';
import type { Body as Json } from '../../validate.ts';
import { answersOf, componentsSection } from './document-parts.ts';

/** An object schema smaller than this (in JSON nodes) stays where it is, even when repeated. */
export const SHARED_SCHEMA_MIN_NODES = 8;
/**
 * A whole answer's schema smaller than this once the schemas in it are shared (one holding only
 * `export` and `funder`) is written back in each answer: a name of its own would say nothing more.
 */
export const WHOLE_ANSWER_MIN_NODES = 16;

const SCHEMA_REF = '#/components/schemas/';
const SUCCESS = /^2\d\d$/;
const NAME = /^[A-Za-z][A-Za-z0-9]*$/;

/** Where a schema sits: what its name can be made from. */
interface Place {
  /** The name of the whole schema it is in: `<OperationId>Answer` or `<EventType>Event`. */
  root: string;
  inEvent: boolean;
  /** The member it is the value of (or the items, or a branch, of that value). */
  member?: string;
  /** It is the items of that member (a list): named in the singular. */
  item?: boolean;
  /** It is `data` of a webhook event: named after the event's family (`EarlyPaymentEventData`). */
  eventFamily?: string;
}

/** One place an object schema is written in the document. */
interface Use {
  holder: Json | unknown[];
  key: string | number;
  node: Json;
  /** The object schema it is written in, if any. */
  outer: Use | null;
  /** The name this place suggests. */
  suggested: string;
  /** Whether that name comes from a title or a member's name (better than the operation's). */
  fromMember: boolean;
  inEvent: boolean;
  size: number;
  text: string;
}

const pascal = (words: string) =>
  words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

const singular = (word: string) =>
  word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.endsWith('ss') ? word : word.replace(/s$/, '');

export const nodesIn = (value: unknown): number =>
  value !== null && typeof value === 'object'
    ? Object.values(value).reduce<number>((sum, inner) => sum + nodesIn(inner), 1)
    : 1;

const isObjectSchema = (node: Json) => node.type === 'object' || typeof node.properties === 'object';

function suggestedName(node: Json, place: Place): { name: string; fromMember: boolean } {
  if (typeof node.title === 'string' && NAME.test(node.title)) return { name: node.title, fromMember: true };
  if (place.eventFamily) {
    return { name: `${pascal(place.eventFamily.split('.')[0]!)}EventData`, fromMember: true };
  }
  if (place.member === undefined) return { name: place.root, fromMember: false };
  const word = pascal(place.item ? singular(place.member) : place.member);
  // The events' objects are open (a field may be added within v1): not the answers' own.
  return { name: place.inEvent ? `Event${word}` : word, fromMember: true };
}

/** Every object schema of at least the minimum size at `holder[key]` and below, outer first. */
function collect(
  holder: Json | unknown[],
  key: string | number,
  outer: Use | null,
  place: Place,
  out: Use[],
) {
  const node = (holder as Record<string | number, unknown>)[key];
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
  const schema = node as Json;
  if (typeof schema.$ref === 'string') return;
  let here = outer;
  if (isObjectSchema(schema)) {
    const size = nodesIn(schema);
    if (size >= SHARED_SCHEMA_MIN_NODES) {
      const { name, fromMember } = suggestedName(schema, place);
      here = {
        holder,
        key,
        node: schema,
        outer,
        suggested: name,
        fromMember,
        inEvent: place.inEvent,
        size,
        text: '',
      };
      out.push(here);
    }
  }
  const base = { root: place.root, inEvent: place.inEvent };
  const properties = schema.properties as Json | undefined;
  for (const member of Object.keys(properties ?? {})) {
    const eventFamily = place.inEvent && place.member === undefined && member === 'data';
    const inner = eventFamily ? { ...base, member, eventFamily: place.root } : { ...base, member };
    collect(properties!, member, here, inner, out);
  }
  for (const word of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[word];
    if (!Array.isArray(branches)) continue;
    for (let i = 0; i < branches.length; i++) collect(branches, i, here, place, out);
  }
  if (schema.items) collect(schema, 'items', here, { ...place, item: true }, out);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    collect(schema, 'additionalProperties', here, { ...place, item: true }, out);
  }
}

/** The object schemas of every success answer and every webhook event, in document order. */
function usesIn(doc: Json): Use[] {
  const uses: Use[] = [];
  const inMedia = (content: unknown, place: Place) => {
    for (const media of Object.values((content ?? {}) as Record<string, Json>)) {
      if (media.schema) collect(media, 'schema', null, place, uses);
    }
  };
  for (const { operation, status, answer } of answersOf(doc)) {
    if (!SUCCESS.test(status)) continue;
    inMedia(answer.content, { root: `${pascal(String(operation.operationId))}Answer`, inEvent: false });
  }
  for (const [type, methods] of Object.entries(
    (doc.webhooks ?? {}) as Record<string, Record<string, Json>>,
  )) {
    for (const operation of Object.values(methods)) {
      const body = operation.requestBody as Json | undefined;
      inMedia(body?.content, { root: type, inEvent: true });
    }
  }
  for (const use of uses) use.text = canonicalJson(use.node);
  return uses;
}

/** The name of the nearest schema around a use: what qualifies a name another schema took. */
const contextOf = (use: Use, named: Map<Use, string>): string => {
  for (let outer = use.outer; outer; outer = outer.outer) {
    const name = named.get(outer);
    if (name) return name;
  }
  return use.outer ? use.outer.suggested : '';
};

/** The group's name: a member's name before an operation's, the most used, then the first by order. */
function nameFor(live: Use[], named: Map<Use, string>, taken: Set<string>): string {
  const votes = new Map<string, { use: Use; count: number; fromMember: boolean }>();
  for (const use of live) {
    const vote = votes.get(use.suggested) ?? { use, count: 0, fromMember: use.fromMember };
    vote.count++;
    votes.set(use.suggested, vote);
  }
  const ranked = [...votes.entries()].sort(
    ([a, x], [b, y]) =>
      Number(y.fromMember) - Number(x.fromMember) || y.count - x.count || (a < b ? -1 : a > b ? 1 : 0),
  );
  let [best, { use }] = ranked[0]!;
  // Members of one object with the same shape under different names (`with`, `without`): named
  // after the object that holds them.
  const outer = live[0]!.outer;
  if (ranked.length > 1 && outer && live.every((other) => other.outer === outer)) {
    best = `${named.get(outer) ?? outer.suggested}Entry`;
  }
  if (!taken.has(best)) return best;
  const qualified = `${contextOf(use, named)}${best}`;
  if (!taken.has(qualified)) return qualified;
  let n = 2;
  while (taken.has(`${qualified}${n}`)) n++;
  return `${qualified}${n}`;
}

/**
 * Gives each object schema that the success answers and the webhook events write two or more
 * times alike once, under `components.schemas`, and refers to it from each place: the early
 * payment that eight answers carry, the request of six, the `data` seven events share. The
 * largest first, so a schema inside a shared one is counted once for it; a name from the
 * schema's `title`, else from the member that holds it (`early_payments[]` gives `EarlyPayment`;
 * an event's `data` gives `<Family>EventData`; the events' own open objects get `Event` before
 * it), else from the operation (`<OperationId>Answer`), qualified by the schema around it when
 * another took it. Request bodies are left as they are (their named branches aside): what a
 * caller sends is read in one place. Nothing is dropped: a reader and a generated client see the
 * same fields and types, once instead of each time.
 */
export function shareSchemas(doc: Json): void {
  const uses = usesIn(doc);
  const groups = new Map<string, Use[]>();
  for (const use of uses) {
    const group = groups.get(use.text);
    if (group) group.push(use);
    else groups.set(use.text, [use]);
  }
  const ordered = [...groups.values()]
    .filter((group) => group.length > 1)
    .sort((a, b) => b[0]!.size - a[0]!.size || uses.indexOf(a[0]!) - uses.indexOf(b[0]!));
  const schemas = componentsSection(doc, 'schemas');
  const taken = new Set(Object.keys(schemas));
  const added: Record<string, Json> = {};
  /** Uses given as a reference: whatever is written inside them is gone from the document. */
  const replaced = new Set<Use>();
  const named = new Map<Use, string>();
  const refsTo = new Map<string, Use[]>();
  const gone = (use: Use) => {
    for (let at: Use | null = use; at; at = at.outer) if (replaced.has(at)) return true;
    return false;
  };
  for (const group of ordered) {
    const live = group.filter((use) => !gone(use));
    if (live.length < 2) continue;
    const name = nameFor(live, named, taken);
    taken.add(name);
    added[name] = live[0]!.node;
    refsTo.set(name, live);
    for (const [i, use] of live.entries()) {
      (use.holder as Record<string | number, unknown>)[use.key] = { $ref: `${SCHEMA_REF}${name}` };
      // The first one lives on in components: what is inside it is still written once.
      if (i === 0) named.set(use, name);
      else replaced.add(use);
    }
  }
  for (const [name, node] of Object.entries(added)) {
    if (refsTo.get(name)!.some((use) => use.outer !== null) || nodesIn(node) >= WHOLE_ANSWER_MIN_NODES) {
      continue;
    }
    for (const use of refsTo.get(name)!)
      (use.holder as Record<string | number, unknown>)[use.key] = structuredClone(node);
    delete added[name];
  }
  for (const name of Object.keys(added).sort()) schemas[name] = added[name]!;
}

/**
 * Gives an example that two or more success answers show alike (the early payment of eight
 * answers) once, under `components.examples`, named after the answer's shared schema (or the
 * first operation's answer), and refers to it from each answer.
 */
export function shareAnswerExamples(doc: Json): void {
  const found = new Map<string, Array<{ examples: Json; key: string; name: string }>>();
  for (const { operation, status, answer } of answersOf(doc)) {
    if (!SUCCESS.test(status)) continue;
    for (const media of Object.values((answer.content ?? {}) as Record<string, Json>)) {
      const examples = media.examples as Json | undefined;
      const ref = (media.schema as Json | undefined)?.$ref;
      const base =
        typeof ref === 'string' && ref.startsWith(SCHEMA_REF)
          ? ref.slice(SCHEMA_REF.length)
          : `${pascal(String(operation.operationId))}Answer`;
      for (const [key, example] of Object.entries((examples ?? {}) as Record<string, Json>)) {
        if (typeof example.$ref === 'string') continue;
        const text = canonicalJson(example);
        const name = key === 'example' ? base : `${base}${pascal(key)}`;
        const list = found.get(text) ?? [];
        list.push({ examples: examples!, key, name });
        found.set(text, list);
      }
    }
  }
  const shared = componentsSection(doc, 'examples');
  const groups = [...found.values()].filter((list) => list.length > 1);
  for (const list of groups) {
    const first = list.map((use) => use.name).sort()[0]!;
    let name = first;
    for (let n = 2; name in shared; n++) name = `${first}${n}`;
    shared[name] = list[0]!.examples[list[0]!.key] as Json;
    for (const use of list) use.examples[use.key] = { $ref: `#/components/examples/${name}` };
  }
}
