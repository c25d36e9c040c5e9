import type { Body as Json } from '../../validate.ts';
import { answersOf, componentsSection } from './document-parts.ts';

const ERROR_STATUS = /^[45]\d\d$/;

/** The codes an error answer's envelope lists (`error.code`'s enum). */
const codesOf = (response: Json): string[] => {
  const schema = ((response.content as Record<string, Json> | undefined)?.['application/json']?.schema ??
    {}) as Json;
  const error = ((schema.properties as Json | undefined)?.error ?? {}) as Json;
  return ((error.properties as Record<string, { enum?: string[] }> | undefined)?.code?.enum ??
    []) as string[];
};

/**
 * Gives the error answers of all operations once each: an error answer that two or more
 * operations give exactly alike (same status, same codes, so the same envelope, meanings and
 * examples) moves to `components.responses` as `Error<status>_<codes>` and each operation refers
 * to it, and each code's example moves to `components.examples` under the code. Nothing is
 * dropped: a reader and a generated client see the same answers, once instead of up to 81 times
 * (the error answers were three fifths of the document, which the reference page parses on
 * every load).
 */
export function shareErrorAnswers(doc: Json): void {
  const answers: Array<{ responses: Json; status: string; response: Json; name: string }> = [];
  for (const { responses, status, answer: response } of answersOf(doc)) {
    const codes = codesOf(response);
    if (!ERROR_STATUS.test(status) || codes.length === 0) continue;
    answers.push({ responses, status, response, name: `Error${status}_${codes.join('_')}` });
  }
  const examples = componentsSection(doc, 'examples');
  for (const { response } of answers) {
    const media = (response.content as Record<string, Json>)['application/json']!;
    const own = (media.examples ?? {}) as Record<string, Json>;
    for (const [code, example] of Object.entries(own)) {
      examples[code] ??= example;
      own[code] = { $ref: `#/components/examples/${code}` };
    }
  }
  const uses = new Map<string, number>();
  for (const { name } of answers) uses.set(name, (uses.get(name) ?? 0) + 1);
  const shared = componentsSection(doc, 'responses');
  for (const { responses, status, response, name } of answers) {
    if ((uses.get(name) ?? 0) < 2) continue;
    shared[name] ??= response;
    responses[status] = { $ref: `#/components/responses/${name}` };
  }
}
