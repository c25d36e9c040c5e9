import type { Queryable } from '../../platform/db/db.ts';
import type { ConsentLevel } from './settings.consent-levels.ts';
import * as store from './settings.store.ts';

/** The language a notice under each governing law is written in when none is asked for. */
const LOCAL_LANGUAGE: Record<string, string> = {
  ES: 'es',
  PT: 'pt',
  FR: 'fr',
  IT: 'it',
  DE: 'de',
  AT: 'de',
  NL: 'nl',
  BE: 'nl',
  LU: 'fr',
  IE: 'en',
  GB: 'en',
};

/** Per governing law, the languages each level has a text in (only approved ones if asked). */
export async function textLanguages(q: Queryable, approvedOnly: boolean) {
  const byLaw = new Map<string, Record<ConsentLevel, string[]>>();
  for (const text of await store.latestDeclarationTexts(q)) {
    let levels = byLaw.get(text.governing_law);
    if (!levels) {
      levels = { receipt: [], acknowledgment: [], acceptance: [] };
      byLaw.set(text.governing_law, levels);
    }
    if (approvedOnly && !text.counsel_approved) continue;
    levels[text.level].push(text.language);
  }
  return [...byLaw.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([law, levels]) => ({
      governing_law: law,
      levels: {
        receipt: [...levels.receipt].sort(),
        acknowledgment: [...levels.acknowledgment].sort(),
        acceptance: [...levels.acceptance].sort(),
      },
    }));
}

/**
 * The declaration text a debtor signs for a level under a governing law: a counsel-approved
 * text first, then the law's own language, then English. With `language`, only that
 * language. Null when there is none.
 */
export async function declarationText(
  q: Queryable,
  input: { governingLaw: string; level: ConsentLevel; language?: string },
): Promise<{ id: string; body: string; counsel_approved: boolean; language: string } | null> {
  const law = input.governingLaw.toUpperCase();
  const local = LOCAL_LANGUAGE[law] ?? 'en';
  const texts = (await store.latestDeclarationTexts(q, { governingLaw: law, level: input.level })).filter(
    (text) => input.language === undefined || text.language === input.language,
  );
  const rank = (text: store.DeclarationTextRow) =>
    (text.counsel_approved ? 0 : 4) + (text.language === local ? 0 : text.language === 'en' ? 1 : 2);
  const best = [...texts].sort((a, b) => rank(a) - rank(b) || a.language.localeCompare(b.language))[0];
  return best
    ? { id: best.id, body: best.body, counsel_approved: best.counsel_approved, language: best.language }
    : null;
}
