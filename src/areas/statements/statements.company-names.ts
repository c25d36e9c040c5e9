/**
 * How much a payer's name, as the bank wrote it, resembles an invoice's debtor: the statement
 * matcher's test of names.
 */

const LEGAL_FORMS = new Set([
  'SA',
  'SL',
  'SLU',
  'SAU',
  'SLL',
  'SC',
  'SCOOP',
  'SCA',
  'SAS',
  'SASU',
  'SARL',
  'EURL',
  'SNC',
  'SRL',
  'SRLS',
  'SPA',
  'SAPA',
  'LDA',
  'LTDA',
  'UNIPESSOAL',
  'GMBH',
  'AG',
  'KG',
  'BV',
  'NV',
  'LTD',
  'LIMITED',
  'PLC',
  'INC',
  'LLC',
  'CO',
  'CIA',
  'COMPANY',
  'SOCIEDAD',
  'ANONIMA',
  'LIMITADA',
  'SOCIETA',
  'SOCIETE',
  'DE',
  'DEL',
  'LA',
  'LOS',
  'LAS',
  'Y',
  'E',
  'ET',
  'AND',
  'THE',
  'DA',
  'DO',
  'DOS',
  'DAS',
  'DI',
  'DU',
  'DES',
  'LE',
  'LES',
  'IL',
]);

/** A company name reduced to its distinctive words: no accents, punctuation or legal form. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/&/g, ' ')
    .replace(/\b([A-Z])\.(?=[A-Z]\.)/g, '$1') // S.A. -> SA., S.L.U. -> SLU.
    .replace(/[^A-Z0-9]+/g, ' ')
    .split(' ')
    .filter((word) => word.length > 1 && !LEGAL_FORMS.has(word));
}

function bigrams(text: string): Map<string, number> {
  const grams = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i += 1) {
    const gram = text.slice(i, i + 2);
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

function dice(a: string, b: string): number {
  if (a.length < 2 || b.length < 2) return a === b && a !== '' ? 1 : 0;
  const left = bigrams(a);
  const right = bigrams(b);
  let shared = 0;
  for (const [gram, count] of left) shared += Math.min(count, right.get(gram) ?? 0);
  return (2 * shared) / (a.length - 1 + (b.length - 1));
}

/**
 * How much two company names resemble each other, 0 to 1: the better of word overlap (a word
 * matches when equal, or when one is an abbreviation of at least 4 letters of the other, as
 * banks truncate) and letter-pair similarity of the whole names.
 */
export function nameSimilarity(a: string, b: string): number {
  const left = nameWords(a);
  const right = nameWords(b);
  if (left.length === 0 || right.length === 0) return 0;
  const used = new Set<number>();
  let matched = 0;
  for (const word of left) {
    const index = right.findIndex(
      (other, i) =>
        !used.has(i) &&
        (other === word ||
          (Math.min(word.length, other.length) >= 4 && (other.startsWith(word) || word.startsWith(other)))),
    );
    if (index !== -1) {
      used.add(index);
      matched += 1;
    }
  }
  const words = (2 * matched) / (left.length + right.length);
  return Math.max(words, dice(left.join(''), right.join('')));
}
