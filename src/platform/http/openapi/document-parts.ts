import type { Body as Json } from '../../validate.ts';

/** One answer of one operation in the document: where it is written, and under which status. */
export interface AnswerAt {
  operation: Json;
  /** The operation's `responses`, which holds the answer under `status`. */
  responses: Json;
  status: string;
  answer: Json;
}

/**
 * Every answer of every operation, in document order: what the passes that give repeated parts
 * once (shared-errors.ts, shared-schemas.ts) walk.
 */
export function* answersOf(doc: Json): Generator<AnswerAt> {
  for (const methods of Object.values((doc.paths ?? {}) as Record<string, Record<string, Json>>)) {
    for (const operation of Object.values(methods)) {
      const responses = (operation.responses ?? {}) as Record<string, Json>;
      for (const [status, answer] of Object.entries(responses))
        yield { operation, responses, status, answer };
    }
  }
}

/** A section of the document's `components`, made (empty) when missing, to add entries to. */
export function componentsSection(
  doc: Json,
  section: 'schemas' | 'examples' | 'responses',
): Record<string, Json> {
  doc.components ??= {};
  const components = doc.components as Json;
  components[section] ??= {};
  return components[section] as Record<string, Json>;
}
