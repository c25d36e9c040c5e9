import { fileURLToPath } from 'node:url';
import { type TSchema, Type } from 'typebox';
import { declaredOnce } from './declared-once.ts';

/**
 * The registry of event types: each area declares the events it emits in its `<area>.events.ts`
 * and publishes them on its module (`events`); `joinAreas` (area.ts) joins them into one
 * registry, which the webhooks area (what an endpoint may subscribe to, the event list) and the
 * OpenAPI document's `webhooks` section read. The platform holds the mechanism only.
 */

/** One delivered event, as a recorded example holds it. */
export interface RecordedEvent {
  id: string;
  type: string;
  created_at: string;
  api_version: string;
  data: Record<string, unknown>;
}

/**
 * The deliveries a test recorded for an area's event types: a JSON file beside its
 * `<area>.events.ts`, one delivery per type, imported by that file (so that a compiled build
 * carries it) and rewritten by src/areas/webhooks/webhooks.typed-events.test.ts.
 */
export interface RecordedExamples {
  /** The file's path, where the test writes it. */
  readonly file: string;
  of(type: string): RecordedEvent | undefined;
}

export function recordedExamples(url: URL, recorded: object): RecordedExamples {
  const byType = recorded as Record<string, RecordedEvent>;
  return { file: fileURLToPath(url), of: (type) => byType[type] };
}

/** An event type, as its area declares it. */
export interface EventType {
  /** `<family>.<what>`, as an endpoint subscribes to it. */
  readonly type: string;
  /** What it means, as the event list of `GET /v1/webhooks` says it. */
  readonly description: string;
  /** Whether the service emits it today (a type may be listed before its area emits it). */
  readonly emitted: boolean;
  /** The document's summary of the event. */
  readonly summary: string;
  /** What `data` carries, in the document's words: it ends "`data` carries ...". */
  readonly carries: string;
  /** The schema of `data`. */
  readonly data: TSchema;
  /** Where its recorded delivery is (the document's example). */
  readonly examples: RecordedExamples;
}

/** An area's event types, each given the area's file of recorded deliveries. */
export function defineEvents(
  examples: { file: URL; recorded: object },
  types: readonly Omit<EventType, 'examples'>[],
): readonly EventType[] {
  const recorded = recordedExamples(examples.file, examples.recorded);
  return types.map((type) => ({ ...type, examples: recorded }));
}

/** The joined event types. */
export interface EventRegistry {
  /** In the published order (joinEvents). */
  readonly entries: readonly EventType[];
  readonly names: readonly string[];
  get(type: string): EventType | undefined;
}

const familyOf = (type: string) => type.split('.')[0]!;
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The event types of several parts (one per area), in one order whatever the order of the parts:
 * by family (the name before the first dot); within a family one area declares alone, as it
 * declares them (an early payment's types follow its life); within a family several areas
 * share (`request.*`), by name. A type two parts declare stops the start.
 */
export function joinEvents(parts: readonly (readonly EventType[] | undefined)[]): EventRegistry {
  const declaredEntries = declaredOnce(
    parts.flatMap((part, index) => (part ?? []).map((entry) => ({ entry, index }))),
    ({ entry }) => entry.type,
    'event type',
  );
  const byName = new Map(declaredEntries.map(({ entry }) => [entry.type, entry]));
  const partOf = new Map(declaredEntries.map(({ entry, index }) => [entry.type, index]));
  // A family whose types come from more than one part.
  const partsOfFamily = new Map<string, Set<number>>();
  for (const [type, index] of partOf) {
    const family = familyOf(type);
    partsOfFamily.set(family, (partsOfFamily.get(family) ?? new Set()).add(index));
  }
  const declared = [...byName.keys()];
  const shared = (type: string) => partsOfFamily.get(familyOf(type))!.size > 1;
  const position = (type: string) => (shared(type) ? 0 : declared.indexOf(type));
  const order = [...declared].sort(
    (a, b) => compare(familyOf(a), familyOf(b)) || position(a) - position(b) || compare(a, b),
  );
  const entries = order.map((type) => byName.get(type)!);
  return { entries, names: order, get: (type) => byName.get(type) };
}

// The shapes event data is written with. Objects stay open (`additionalProperties`): a field
// may be added within v1, never removed.

export const Amount = Type.Number({ description: 'Euros, two decimals' });
export const Day = Type.String({ format: 'date' });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const Open = <P extends Record<string, TSchema>>(properties: P, description?: string) =>
  Type.Object(properties, { additionalProperties: true, ...(description ? { description } : {}) });
