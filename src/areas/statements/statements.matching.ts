/**
 * Proposing, for each credit of a statement, the funded request it pays. Pure functions: the
 * caller loads the book (its own funded requests on its plane) and writes the proposals.
 *
 * Order of the tests, first hit wins:
 * 1. `reference`: the debtor quoted something that names the request:
 *    a. a structured creditor reference (ISO 11649, `RF` + 2 check digits + the request_ref
 *       without its dashes, see `creditorReferenceFor`), in the structured remittance or in the
 *       free text;
 *    b. the request_ref itself (`FR-2026-000123`, also written `FR2026000123` or
 *       `FR 2026 000123`);
 *    c. the number of one of the request's invoices.
 * 2. `amount_and_debtor`: the credit is exactly the amount of an unpaid invoice (or of all the
 *    request still owes) and the payer's name resembles that invoice's debtor.
 * An ambiguous result (two requests equally likely) proposes nothing: a person decides.
 */

import { nameSimilarity } from './statements.company-names.ts';

export type MatchMethod = 'reference' | 'amount_and_debtor';

export interface BookInvoice {
  number: string;
  amountCents: number;
  debtorName: string;
  /** A confirmed statement line already paid this invoice. */
  paid: boolean;
}

export interface BookRequest {
  id: string;
  requestRef: string;
  totalCents: number;
  settledCents: number;
  invoices: BookInvoice[];
}

export interface MatchableLine {
  amountCents: number;
  counterpartyName: string | null;
  creditorReference: string | null;
  /** Everything the debtor wrote: remittance text, document numbers, end-to-end id. */
  texts: string[];
}

export interface Proposal {
  requestId: string;
  requestRef: string;
  invoiceNumber: string | null;
  method: MatchMethod;
  /** 0 to 1, three decimals. */
  confidence: number;
}

// ------------------------------------------------------------------ creditor references

/** Upper-case letters and digits only. */
export const compact = (value: string): string => value.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** ISO 7064 mod 97-10 over letters (A=10 ... Z=35) and digits. */
function mod97(value: string): number {
  let rest = 0;
  for (const char of value) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/**
 * The request's ISO 11649 creditor reference: `RF`, two check digits, and the request_ref
 * without its dashes (at most 21 letters and digits). `FR-2026-000123` gives
 * `RF.. FR2026000123`. A debtor quoting it in the structured remittance (or anywhere in the
 * free text) is matched to the request with full confidence.
 */
export function creditorReferenceFor(requestRef: string): string {
  const body = compact(requestRef).slice(0, 21);
  const check = 98 - mod97(`${body}RF00`);
  return `RF${String(check).padStart(2, '0')}${body}`;
}

/** The body of a valid RF reference (check digits verified), or null. */
export function creditorReferenceBody(value: string): string | null {
  const text = compact(value);
  const match = /^RF(\d{2})([A-Z0-9]{1,21})$/.exec(text);
  if (!match) return null;
  return mod97(`${match[2]}RF${match[1]}`) === 1 ? match[2]! : null;
}

/** RF references written anywhere in a text, possibly in groups of four ("RF18 5390 0754 7034"). */
export function findCreditorReferences(text: string): string[] {
  const found: string[] = [];
  const pattern = /RF\d{2}(?:\s?[A-Z0-9]{1,4}){1,6}/gi;
  for (const match of text.matchAll(pattern)) {
    const candidate = compact(match[0]);
    // The greedy match may run into the next word: try the longest valid prefix.
    for (let end = candidate.length; end >= 5; end -= 1) {
      const body = creditorReferenceBody(candidate.slice(0, end));
      if (body) {
        found.push(body);
        break;
      }
    }
  }
  return found;
}

// ------------------------------------------------------------------ the matcher

/** A name must resemble the debtor at least this much for an amount match. */
export const NAME_THRESHOLD = 0.6;

/** Words of a text, and runs of up to four consecutive words glued (references split by spaces or dashes). */
function referenceCandidates(texts: string[]): Set<string> {
  const out = new Set<string>();
  for (const text of texts) {
    const words = text
      .toUpperCase()
      .split(/[^A-Z0-9]+/)
      .filter((w) => w !== '');
    for (let i = 0; i < words.length; i += 1) {
      let glued = '';
      for (let j = i; j < Math.min(words.length, i + 4); j += 1) {
        glued += words[j];
        out.add(glued);
      }
    }
  }
  return out;
}

const round = (value: number): number => Math.round(value * 1000) / 1000;

interface InvoiceHit {
  request: BookRequest;
  invoice: BookInvoice;
}

/** The book looked up every way a credit can name a request. */
interface BookIndex {
  byRef: Map<string, BookRequest>;
  byInvoice: Map<string, InvoiceHit[]>;
  byInvoiceAmount: Map<number, InvoiceHit[]>;
  byRemaining: Map<number, BookRequest[]>;
}

function indexBook(book: readonly BookRequest[]): BookIndex {
  const byRef = new Map<string, BookRequest>();
  const byInvoice = new Map<string, InvoiceHit[]>();
  const byInvoiceAmount = new Map<number, InvoiceHit[]>();
  const byRemaining = new Map<number, BookRequest[]>();
  for (const request of book) {
    byRef.set(compact(request.requestRef), request);
    const remaining = request.totalCents - request.settledCents;
    if (remaining > 0) byRemaining.set(remaining, [...(byRemaining.get(remaining) ?? []), request]);
    for (const invoice of request.invoices) {
      const key = compact(invoice.number);
      if (key.length >= 3) byInvoice.set(key, [...(byInvoice.get(key) ?? []), { request, invoice }]);
      if (!invoice.paid) {
        byInvoiceAmount.set(invoice.amountCents, [
          ...(byInvoiceAmount.get(invoice.amountCents) ?? []),
          { request, invoice },
        ]);
      }
    }
  }
  return { byRef, byInvoice, byInvoiceAmount, byRemaining };
}

const remainingOf = (request: BookRequest) => request.totalCents - request.settledCents;
/** A payment larger than what the request still owes is less likely to be for it. */
const fits = (request: BookRequest, amount: number) => (amount <= remainingOf(request) ? 1 : 0.7);
const proposal = (
  request: BookRequest,
  invoiceNumber: string | null,
  method: MatchMethod,
  confidence: number,
): Proposal => ({
  requestId: request.id,
  requestRef: request.requestRef,
  invoiceNumber,
  method,
  confidence: round(Math.min(1, Math.max(0, confidence))),
});

/** 1a. A structured creditor reference, in the structured remittance or in the free text. */
function byCreditorReference(index: BookIndex, line: MatchableLine): Proposal | null {
  const rfBodies = [
    ...(line.creditorReference ? [creditorReferenceBody(line.creditorReference)] : []),
    ...line.texts.flatMap(findCreditorReferences),
  ].filter((b): b is string => b !== null);
  for (const body of rfBodies) {
    const request = index.byRef.get(body);
    if (request) return proposal(request, null, 'reference', fits(request, line.amountCents));
  }
  return null;
}

/** The requests whose request_ref the debtor quoted. */
function namedRequests(index: BookIndex, candidates: Set<string>): Set<BookRequest> {
  const named = new Set<BookRequest>();
  for (const candidate of candidates) {
    const request = index.byRef.get(candidate);
    if (request) named.add(request);
  }
  return named;
}

/** 1b. One or more request_refs quoted (never empty). */
function byRequestRef(named: Set<BookRequest>, line: MatchableLine): Proposal | null {
  if (named.size === 1) {
    const [request] = [...named];
    return proposal(request!, null, 'reference', 0.98 * fits(request!, line.amountCents));
  }
  // Several requests quoted in one payment: the one the amount fits, if only one does.
  const fitting = [...named].filter((r) => line.amountCents <= remainingOf(r));
  if (fitting.length === 1) return proposal(fitting[0]!, null, 'reference', 0.8);
  return null;
}

/** 1c. The number of one of the request's invoices. */
function byInvoiceNumber(index: BookIndex, line: MatchableLine, candidates: Set<string>): Proposal | null {
  const hits = new Map<BookInvoice, BookRequest>();
  for (const candidate of candidates) {
    for (const hit of index.byInvoice.get(candidate) ?? []) {
      // Short all-digit numbers ("1042") appear by chance: they count only with the exact amount.
      if (/^\d{1,5}$/.test(candidate) && hit.invoice.amountCents !== line.amountCents) continue;
      hits.set(hit.invoice, hit.request);
    }
  }
  if (hits.size === 0) return null;
  const requests = new Set(hits.values());
  if (requests.size === 1) {
    const [request] = [...requests] as [BookRequest];
    const quoted = [...hits.keys()];
    const invoice = quoted.find((i) => i.amountCents === line.amountCents) ?? quoted[0]!;
    return proposal(request, invoice.number, 'reference', 0.95 * fits(request, line.amountCents));
  }
  return byNumberInSeveralRequests(hits, line);
}

/** The same invoice number in several requests (different sellers): the debtor's name or the amount decides. */
function byNumberInSeveralRequests(
  hits: Map<BookInvoice, BookRequest>,
  line: MatchableLine,
): Proposal | null {
  const scored = [...hits.entries()].map(([invoice, request]) => ({
    invoice,
    request,
    score:
      (line.counterpartyName ? nameSimilarity(line.counterpartyName, invoice.debtorName) : 0) +
      (invoice.amountCents === line.amountCents ? 1 : 0),
  }));
  scored.sort((a, b) => b.score - a.score);
  const [first, second] = scored;
  if (first && first.score > 0 && (!second || first.score > second.score)) {
    return proposal(
      first.request,
      first.invoice.number,
      'reference',
      0.85 * fits(first.request, line.amountCents),
    );
  }
  return null;
}

/** 1. Something the debtor quoted names the request. */
function byReference(index: BookIndex, line: MatchableLine): Proposal | null {
  const byRf = byCreditorReference(index, line);
  if (byRf) return byRf;
  const candidates = referenceCandidates(
    line.creditorReference ? [line.creditorReference, ...line.texts] : line.texts,
  );
  const named = namedRequests(index, candidates);
  if (named.size > 0) return byRequestRef(named, line);
  return byInvoiceNumber(index, line, candidates);
}

/**
 * Unpaid invoices of exactly the credit's amount, not yet proposed in this file, whose debtor
 * resembles the payer, best first.
 */
function unpaidInvoicesOfAmount(
  index: BookIndex,
  taken: Set<BookInvoice>,
  line: MatchableLine,
  name: string,
) {
  return (index.byInvoiceAmount.get(line.amountCents) ?? [])
    .filter(({ invoice, request }) => !taken.has(invoice) && line.amountCents <= remainingOf(request))
    .map((hit) => ({ ...hit, similarity: nameSimilarity(name, hit.invoice.debtorName) }))
    .filter((hit) => hit.similarity >= NAME_THRESHOLD)
    .sort((a, b) => b.similarity - a.similarity);
}

/** 2a. The best of those invoices (never empty), unless two requests tie; the invoice is then taken. */
function byUnpaidInvoice(
  invoices: (InvoiceHit & { similarity: number })[],
  taken: Set<BookInvoice>,
): Proposal | null {
  const [first, second] = invoices;
  if (second && second.similarity === first!.similarity && second.request !== first!.request) return null;
  taken.add(first!.invoice);
  return proposal(first!.request, first!.invoice.number, 'amount_and_debtor', 0.5 + 0.4 * first!.similarity);
}

/** 2b. The debtor paid everything the request still owes in one transfer. */
function byWholeRemainder(index: BookIndex, line: MatchableLine, name: string): Proposal | null {
  const requests = (index.byRemaining.get(line.amountCents) ?? [])
    .map((request) => ({
      request,
      similarity: Math.max(0, ...request.invoices.map((i) => nameSimilarity(name, i.debtorName))),
    }))
    .filter((hit) => hit.similarity >= NAME_THRESHOLD)
    .sort((a, b) => b.similarity - a.similarity);
  const [first, second] = requests;
  if (!first || (second && second.similarity === first.similarity)) return null;
  return proposal(first.request, null, 'amount_and_debtor', 0.5 + 0.3 * first.similarity);
}

export function createMatcher(book: readonly BookRequest[]) {
  const index = indexBook(book);
  /** Invoices already proposed by amount in this file: one payment per invoice. */
  const taken = new Set<BookInvoice>();

  function byAmountAndDebtor(line: MatchableLine): Proposal | null {
    if (!line.counterpartyName) return null;
    const name = line.counterpartyName;
    const invoices = unpaidInvoicesOfAmount(index, taken, line, name);
    if (invoices.length > 0) return byUnpaidInvoice(invoices, taken);
    return byWholeRemainder(index, line, name);
  }

  return {
    /** The proposed match of one credit, or null. Call in file order: amount matches consume invoices. */
    propose(line: MatchableLine): Proposal | null {
      return byReference(index, line) ?? byAmountAndDebtor(line);
    },
  };
}
