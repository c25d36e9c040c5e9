import type { FunderCaller } from '../../platform/caller.ts';
import { addDays, madridDate } from '../../platform/clock.ts';
import { SCOPES } from '../../platform/http/scopes.ts';
import type { WriteScope } from '../../platform/write.ts';
import type { DecisionInput } from '../decisions/decisions.schemas.ts';
import type { DecisionsService } from '../decisions/decisions.service.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import {
  type DebtorInput,
  type InvoiceSource,
  insertDebtor,
  insertInvoice,
  insertSeller,
  type SellerInput,
} from '../parties/parties.service.ts';
import type { RequestPartiesService } from '../requests/requests.parties.service.ts';
import type { ConsentLevel } from '../settings/consent-levels.ts';
import { catalogue, requiredList, saveRequiredList } from '../settings/settings.store.ts';

/**
 * The demonstration scenario: fictitious sellers in Spain, Portugal, France and Italy, their
 * customers (two of them public bodies), each seller's documents, the demonstration funder's
 * document lists, and requests routed to that funder in every status a funder meets.
 *
 * Every row is made by the same functions the operations API, the sandbox helpers and the
 * funder API use, so the data is exactly what the service itself would hold: the parties'
 * actions run inside one write, and the funder's own decisions (offer, decline, fund, settle)
 * go through the decisions service with a caller of the demonstration funder, each its own
 * write, checked against today's date like any API call.
 *
 * Dates are relative to the Madrid date of the runtime clock: `-30` is thirty days ago.
 */

// ------------------------------------------------------------------ parties

type SellerKey =
  | 'conservas'
  | 'talleres'
  | 'transportes'
  | 'cortica'
  | 'texteis'
  | 'loire'
  | 'garonne'
  | 'ceramiche'
  | 'adriatico';

type DebtorKey =
  | 'meseta'
  | 'levante'
  | 'ayuntamiento'
  | 'atlantico'
  | 'camara'
  | 'rhone'
  | 'lombarda'
  | 'emilia';

interface DemoSeller extends SellerInput {
  key: SellerKey;
  /** How it numbers its invoices: {year} and {n} are replaced. */
  invoiceNumber: string;
  invoiceSource: InvoiceSource;
  /** Past invoices, one a month, not in any request: the track record its score reads. */
  history: { months: number; debtors: DebtorKey[]; amount: number };
  /** Documents whose dates differ from the usual: issued that many days ago, valid until that day. */
  documents?: Record<string, { issued: number; validUntil: number }>;
}

/** Approved verification except one, pending. */
export const DEMO_SELLERS: readonly DemoSeller[] = [
  {
    key: 'conservas',
    name: 'Conservas del Cantábrico SL',
    tax_id: 'B39000001',
    country: 'ES',
    verification_status: 'approved',
    founded_on: '1987-04-21',
    annual_revenue: 8_450_000,
    employees: 62,
    sector: 'C',
    email: 'administracion@conservas-cantabrico.example',
    invoiceNumber: 'CC-{year}-{n}',
    invoiceSource: 'e_invoice',
    history: { months: 14, debtors: ['meseta', 'levante'], amount: 14_200 },
    // Its social security certificate runs out in nine days.
    documents: { es_social_security_compliance: { issued: -171, validUntil: 9 } },
  },
  {
    key: 'talleres',
    name: 'Talleres Ebro Mecánica SA',
    tax_id: 'A50000002',
    country: 'ES',
    verification_status: 'approved',
    founded_on: '1995-09-12',
    annual_revenue: 14_200_000,
    employees: 118,
    sector: 'C',
    email: 'tesoreria@talleres-ebro.example',
    invoiceNumber: 'TEM{year}/{n}',
    invoiceSource: 'erp',
    history: { months: 18, debtors: ['meseta', 'levante', 'ayuntamiento'], amount: 31_500 },
  },
  {
    key: 'transportes',
    name: 'Transportes Sierra Nevada SL',
    tax_id: 'B18000007',
    country: 'ES',
    verification_status: 'approved',
    founded_on: '2009-02-03',
    annual_revenue: 3_150_000,
    employees: 27,
    sector: 'H',
    email: 'facturacion@sierra-nevada-transportes.example',
    invoiceNumber: 'TSN-{year}-{n}',
    invoiceSource: 'e_invoice',
    history: { months: 10, debtors: ['meseta', 'levante'], amount: 4_800 },
  },
  {
    key: 'cortica',
    name: 'Cortiças do Douro Lda',
    tax_id: '509000003',
    country: 'PT',
    verification_status: 'approved',
    founded_on: '1972-06-30',
    annual_revenue: 5_600_000,
    employees: 45,
    sector: 'C',
    email: 'financeiro@corticas-douro.example',
    invoiceNumber: 'FT CD{year}/{n}',
    invoiceSource: 'saft',
    history: { months: 12, debtors: ['atlantico', 'camara'], amount: 18_900 },
    // Its bank's certificate runs out in five days.
    documents: { bank_account_ownership: { issued: -85, validUntil: 5 } },
  },
  {
    key: 'texteis',
    name: 'Têxteis do Minho Lda',
    tax_id: '510000008',
    country: 'PT',
    verification_status: 'approved',
    founded_on: '2004-11-15',
    annual_revenue: 2_240_000,
    employees: 31,
    sector: 'C',
    email: 'contabilidade@texteis-minho.example',
    invoiceNumber: 'FT TM{year}/{n}',
    invoiceSource: 'saft',
    history: { months: 9, debtors: ['atlantico'], amount: 9_700 },
    // Its tax certificate expired a week ago: it no longer meets the funder's list.
    documents: { pt_tax_compliance: { issued: -97, validUntil: -7 } },
  },
  {
    key: 'loire',
    name: 'Ateliers Loire Emballage SAS',
    tax_id: 'FR40900000004',
    country: 'FR',
    verification_status: 'approved',
    founded_on: '1999-03-01',
    annual_revenue: 11_300_000,
    employees: 86,
    sector: 'C',
    email: 'comptabilite@ateliers-loire.example',
    invoiceNumber: 'ALE-{year}-{n}',
    invoiceSource: 'erp',
    history: { months: 16, debtors: ['rhone'], amount: 22_600 },
    // Its URSSAF certificate runs out in twelve days.
    documents: { fr_urssaf_vigilance: { issued: -168, validUntil: 12 } },
  },
  {
    key: 'garonne',
    name: 'Logistique Garonne SARL',
    tax_id: 'FR52900000009',
    country: 'FR',
    verification_status: 'approved',
    founded_on: '2013-05-20',
    annual_revenue: 4_320_000,
    employees: 38,
    sector: 'H',
    email: 'factures@logistique-garonne.example',
    invoiceNumber: 'LG{year}{n}',
    invoiceSource: 'erp',
    history: { months: 8, debtors: ['rhone'], amount: 11_300 },
  },
  {
    key: 'ceramiche',
    name: 'Ceramiche Toscane Srl',
    tax_id: 'IT09000000005',
    country: 'IT',
    verification_status: 'pending',
    founded_on: '1968-10-07',
    annual_revenue: 9_700_000,
    employees: 74,
    sector: 'C',
    email: 'amministrazione@ceramiche-toscane.example',
    invoiceNumber: 'CT{n}/{year}',
    invoiceSource: 'e_invoice',
    history: { months: 6, debtors: ['lombarda', 'emilia'], amount: 16_400 },
  },
  {
    key: 'adriatico',
    name: 'Software Adriatico Srl',
    tax_id: 'IT09000000010',
    country: 'IT',
    verification_status: 'approved',
    founded_on: '2016-01-18',
    annual_revenue: 1_820_000,
    employees: 19,
    sector: 'J',
    email: 'fatture@software-adriatico.example',
    invoiceNumber: 'SA{n}/{year}',
    invoiceSource: 'e_invoice',
    history: { months: 11, debtors: ['emilia'], amount: 7_250 },
  },
];

interface DemoDebtor extends DebtorInput {
  key: DebtorKey;
  /** Who signs its answers to notices of assignment. */
  signer: { name: string; role: string };
}

/** Their customers, with a public body in Spain and one in Portugal. */
export const DEMO_DEBTORS: readonly DemoDebtor[] = [
  {
    key: 'meseta',
    name: 'Distribuciones Meseta SA',
    tax_id: 'A28000101',
    country: 'ES',
    is_public_body: false,
    signer: { name: 'Lucía Ortega Prieto', role: 'Directora financiera' },
  },
  {
    key: 'levante',
    name: 'Hipermercados Levante SL',
    tax_id: 'B46000102',
    country: 'ES',
    is_public_body: false,
    signer: { name: 'Javier Martín Soler', role: 'Jefe de tesorería' },
  },
  {
    key: 'ayuntamiento',
    name: 'Ayuntamiento de Villaejemplo',
    tax_id: 'P2800103A',
    country: 'ES',
    is_public_body: true,
    signer: { name: 'María Jesús Cano Ruiz', role: 'Interventora municipal' },
  },
  {
    key: 'atlantico',
    name: 'Supermercados Atlântico SA',
    tax_id: '500000104',
    country: 'PT',
    is_public_body: false,
    signer: { name: 'Rui Figueiredo', role: 'Diretor financeiro' },
  },
  {
    key: 'camara',
    name: 'Câmara Municipal de Vila Exemplo',
    tax_id: '506000111',
    country: 'PT',
    is_public_body: true,
    signer: { name: 'Ana Sofia Lopes', role: 'Chefe da divisão financeira' },
  },
  {
    key: 'rhone',
    name: 'Grande Distribution Rhône SA',
    tax_id: 'FR60900000105',
    country: 'FR',
    is_public_body: false,
    signer: { name: 'Claire Dubois', role: 'Responsable comptabilité fournisseurs' },
  },
  {
    key: 'lombarda',
    name: 'Edilizia Lombarda SpA',
    tax_id: 'IT09000000106',
    country: 'IT',
    is_public_body: false,
    signer: { name: 'Marco Bernardi', role: 'Responsabile amministrativo' },
  },
  {
    key: 'emilia',
    name: 'Alimentari Emilia SpA',
    tax_id: 'IT09000000112',
    country: 'IT',
    is_public_body: false,
    signer: { name: 'Giulia Ferraro', role: 'Direttrice finanziaria' },
  },
];

// ------------------------------------------------------------------ the funder's document lists

/**
 * What the demonstration funder requires per seller country. Every seller meets its list but
 * Têxteis do Minho, whose tax certificate expired.
 */
export const DEMO_REQUIRED_DOCUMENTS: readonly { country: string; codes: string[]; note: string }[] = [
  {
    country: 'ES',
    codes: ['es_tax_compliance', 'es_social_security_compliance', 'bank_account_ownership'],
    note: 'Tax and social security standing, and proof of the account we pay into.',
  },
  {
    country: 'PT',
    codes: ['pt_tax_compliance', 'pt_social_security_compliance', 'bank_account_ownership'],
    note: 'Certidões de não dívida (AT e Segurança Social) e comprovativo de IBAN.',
  },
  {
    country: 'FR',
    codes: ['fr_kbis_extract', 'fr_urssaf_vigilance', 'annual_accounts'],
    note: 'Kbis de moins de trois mois, attestation de vigilance URSSAF, derniers comptes annuels.',
  },
  {
    country: 'IT',
    codes: ['it_durc', 'it_tax_compliance', 'annual_accounts'],
    note: 'DURC in corso di validità, regolarità fiscale e ultimo bilancio depositato.',
  },
];

// ------------------------------------------------------------------ requests

interface DemoInvoice {
  debtor: DebtorKey;
  amount: number;
  /** Days from today (negative: in the past). */
  issued: number;
  due: number;
}

interface DemoRequest {
  /** What it shows, for readers and error messages. */
  label: string;
  seller: SellerKey;
  type: 'factoring' | 'confirming';
  invoices: DemoInvoice[];
  created: 'pending' | 'submitted';
  /** Routed before the funder set its document lists (the seller has since fallen short of them). */
  routedBeforeLists?: boolean;
  review?: boolean;
  cancel?: string;
  signal?: { code: string; severity: 'low' | 'medium' | 'high'; hard: boolean; detail: string };
  offer?: { rate: number; advance_pct: number; days: number; valid_days?: number; notes?: string };
  decline?: { reason: string; notes: string };
  sellerAnswer?: 'accept' | 'reject';
  /** Debtors' answers to their notices; a debtor left out keeps its notice pending. */
  notices?: {
    debtor: DebtorKey;
    answer: 'acknowledged' | 'disputed';
    level?: ConsentLevel;
    reason?: string;
  }[];
  fund?: { valueDate: number; reference: string };
  settlements?: { amount: number; received: number; reference: string; note?: string }[];
}

export const DEMO_REQUESTS: readonly DemoRequest[] = [
  {
    label: 'pending: the seller has not submitted it yet',
    seller: 'ceramiche',
    type: 'factoring',
    created: 'pending',
    invoices: [
      { debtor: 'lombarda', amount: 23_480, issued: -6, due: 84 },
      { debtor: 'emilia', amount: 9_915.6, issued: -4, due: 56 },
    ],
  },
  {
    label: 'submitted, with a soft concentration signal',
    seller: 'loire',
    type: 'factoring',
    created: 'submitted',
    invoices: [
      { debtor: 'rhone', amount: 41_250, issued: -9, due: 51 },
      { debtor: 'rhone', amount: 18_760.4, issued: -3, due: 57 },
    ],
    signal: {
      code: 'debtor_concentration',
      severity: 'medium',
      hard: false,
      detail: 'Grande Distribution Rhône SA accounts for most of what the seller invoiced this year.',
    },
  },
  {
    label: 'under review; the seller’s tax certificate expired after routing',
    seller: 'texteis',
    type: 'factoring',
    created: 'submitted',
    routedBeforeLists: true,
    review: true,
    invoices: [
      { debtor: 'atlantico', amount: 12_340, issued: -15, due: 45 },
      { debtor: 'camara', amount: 27_900, issued: -12, due: 78 },
    ],
  },
  {
    label: 'terms sent: an offer waits for the seller',
    seller: 'talleres',
    type: 'factoring',
    created: 'submitted',
    invoices: [
      { debtor: 'meseta', amount: 36_400, issued: -10, due: 80 },
      { debtor: 'ayuntamiento', amount: 58_150.75, issued: -20, due: 70 },
    ],
    offer: {
      rate: 2.35,
      advance_pct: 85,
      days: 75,
      valid_days: 14,
      notes: 'Public-body invoice priced at the municipal rate.',
    },
  },
  {
    label: 'approved: one debtor acknowledged, one notice pending',
    seller: 'conservas',
    type: 'factoring',
    created: 'submitted',
    invoices: [
      { debtor: 'meseta', amount: 19_870.5, issued: -14, due: 60 },
      { debtor: 'levante', amount: 14_220, issued: -11, due: 63 },
    ],
    offer: { rate: 2.1, advance_pct: 80, days: 60 },
    sellerAnswer: 'accept',
    notices: [{ debtor: 'meseta', answer: 'acknowledged' }],
  },
  {
    label: 'funded: both notices acknowledged',
    seller: 'cortica',
    type: 'factoring',
    created: 'submitted',
    invoices: [
      { debtor: 'atlantico', amount: 31_500, issued: -30, due: 60 },
      { debtor: 'camara', amount: 22_740.8, issued: -28, due: 92 },
    ],
    offer: { rate: 2.6, advance_pct: 85, days: 80 },
    sellerAnswer: 'accept',
    notices: [
      { debtor: 'atlantico', answer: 'acknowledged' },
      { debtor: 'camara', answer: 'acknowledged' },
    ],
    fund: { valueDate: -9, reference: 'TRF-DEMO-0006' },
  },
  {
    label: 'funded, one invoice already paid (partial settlement)',
    seller: 'loire',
    type: 'factoring',
    created: 'submitted',
    invoices: [
      { debtor: 'rhone', amount: 26_800, issued: -75, due: -5 },
      { debtor: 'rhone', amount: 17_450.25, issued: -50, due: 25 },
    ],
    offer: { rate: 1.95, advance_pct: 90, days: 60 },
    sellerAnswer: 'accept',
    notices: [{ debtor: 'rhone', answer: 'acknowledged', level: 'acceptance' }],
    fund: { valueDate: -32, reference: 'TRF-DEMO-0007' },
    settlements: [
      {
        amount: 26_800,
        received: -3,
        reference: 'RF18DEMO0000000000000001',
        note: 'First invoice paid by the debtor at maturity.',
      },
    ],
  },
  {
    label: 'settled: funded, then paid in full by the debtor',
    seller: 'talleres',
    type: 'factoring',
    created: 'submitted',
    invoices: [{ debtor: 'levante', amount: 48_300, issued: -95, due: -8 }],
    offer: { rate: 2.2, advance_pct: 85, days: 60 },
    sellerAnswer: 'accept',
    notices: [{ debtor: 'levante', answer: 'acknowledged' }],
    fund: { valueDate: -58, reference: 'TRF-DEMO-0008' },
    settlements: [
      {
        amount: 48_300,
        received: -6,
        reference: 'RF47DEMO0000000000000002',
        note: 'Paid in full two days after maturity.',
      },
    ],
  },
  {
    label: 'declined by the funder',
    seller: 'garonne',
    type: 'factoring',
    created: 'submitted',
    invoices: [{ debtor: 'rhone', amount: 64_000, issued: -8, due: 112 }],
    decline: {
      reason: 'concentration',
      notes:
        'Our exposure to Grande Distribution Rhône SA is full this quarter; please come back next quarter.',
    },
  },
  {
    label: 'rejected: the seller refused the terms',
    seller: 'adriatico',
    type: 'factoring',
    created: 'submitted',
    invoices: [{ debtor: 'emilia', amount: 15_600, issued: -12, due: 78 }],
    offer: { rate: 3.4, advance_pct: 75, days: 80 },
    sellerAnswer: 'reject',
  },
  {
    label: 'cancelled by the seller',
    seller: 'conservas',
    type: 'factoring',
    created: 'submitted',
    invoices: [{ debtor: 'ayuntamiento', amount: 11_480, issued: -18, due: 42 }],
    cancel: 'The town hall paid early; the seller withdrew the request.',
  },
  {
    label: 'confirming: the buyer’s programme, funded',
    seller: 'transportes',
    type: 'confirming',
    created: 'submitted',
    invoices: [
      { debtor: 'levante', amount: 8_760, issued: -20, due: 70 },
      { debtor: 'levante', amount: 6_430.9, issued: -15, due: 75 },
    ],
    offer: { rate: 1.6, advance_pct: 100, days: 72 },
    sellerAnswer: 'accept',
    fund: { valueDate: -4, reference: 'TRF-DEMO-0012' },
  },
  {
    label: 'submitted, held by a hard risk signal',
    seller: 'transportes',
    type: 'factoring',
    created: 'submitted',
    invoices: [{ debtor: 'meseta', amount: 48_000, issued: -3, due: 87 }],
    signal: {
      code: 'amount_above_history',
      severity: 'high',
      hard: true,
      detail: 'The invoice is about nine times the largest the seller issued in the last 12 months.',
    },
  },
  {
    label: 'approved, with the debtor disputing the invoice',
    seller: 'cortica',
    type: 'factoring',
    created: 'submitted',
    invoices: [{ debtor: 'atlantico', amount: 16_980, issued: -16, due: 44 }],
    offer: { rate: 2.5, advance_pct: 85, days: 45 },
    sellerAnswer: 'accept',
    notices: [
      {
        debtor: 'atlantico',
        answer: 'disputed',
        reason: 'Two pallets arrived damaged; the invoice is disputed until a credit note is agreed.',
      },
    ],
  },
];

// ------------------------------------------------------------------ the demonstration funder

/** The key id the scenario's decisions carry: no real key, so none can be revoked or leaked. */
export const SCENARIO_KEY_ID = '00000000-0000-0000-0000-000000000000';

/** The demonstration funder acting through the funder API, as the scenario's decisions do. */
export function scenarioCaller(funder: { id: string; name: string }, now: Date): FunderCaller {
  return {
    kind: 'funder',
    funderId: funder.id,
    funderName: funder.name,
    environment: 'sandbox',
    plane: 'demo',
    keyId: SCENARIO_KEY_ID,
    keyName: 'demonstration scenario',
    scopes: SCOPES,
    keyDetails: { prefix: 'demo', createdAt: now, expiresAt: null, prospect: null },
    requestId: 'demo-reset',
  };
}

// ------------------------------------------------------------------ building

export interface ScenarioDeps {
  documents: Pick<DocumentsService, 'uploadIn' | 'verifyIn'>;
  parties: Pick<
    RequestPartiesService,
    'createRequestIn' | 'routeIn' | 'moveIn' | 'sellerAnswerIn' | 'debtorAnswerIn' | 'raiseSignalIn'
  >;
  decisions: Pick<DecisionsService, 'decide'>;
}

/** What the scenario built, request ids in the order of DEMO_REQUESTS. */
export interface BuiltParties {
  sellers: number;
  debtors: number;
  documents: number;
  invoices: number;
  requestIds: string[];
}

/** A small text file standing in for a document's scan; the same bytes on every reset. */
const placeholderFile = (code: string, seller: string) =>
  Buffer.from(
    `Demonstration document ${code} of ${seller}. Fictitious: demonstration plane only.\n`,
  ).toString('base64');

const numbered = (format: string, issueDate: string, n: number) =>
  format.replace('{year}', issueDate.slice(0, 4)).replace('{n}', String(n));

const bySeller = new Map(DEMO_SELLERS.map((s) => [s.key, s]));
const byDebtor = new Map(DEMO_DEBTORS.map((d) => [d.key, d]));

/**
 * Step 1, inside one write: the parties, the documents, the funder's lists, the invoices and
 * the requests, routed to the demonstration funder, with the seller's and the operations
 * team's moves that come before any decision (review, cancel, risk signals).
 */
export async function buildParties(
  scope: WriteScope,
  deps: ScenarioDeps,
  funderId: string,
): Promise<BuiltParties> {
  const { tx, now, evidence } = scope;
  const today = madridDate(now);
  const day = (offset: number) => addDays(today, offset);

  const debtorIds = new Map<DebtorKey, string>();
  for (const debtor of DEMO_DEBTORS) {
    const { key, signer, ...input } = debtor;
    debtorIds.set(key, (await insertDebtor(tx, 'demo', input, now, evidence)).id);
  }

  const entries = await catalogue(tx);
  const sellerIds = new Map<SellerKey, string>();
  const nextNumber = new Map<SellerKey, number>();
  let documents = 0;
  let invoices = 0;
  for (const [s, seller] of DEMO_SELLERS.entries()) {
    const { key, invoiceNumber, invoiceSource, history, documents: dated, ...input } = seller;
    const created = await insertSeller(tx, 'demo', input, now, evidence);
    sellerIds.set(key, created.id);

    // Every document of the catalogue for its country, verified: usually issued two to three
    // months ago with the catalogue's usual validity.
    const codes = entries.filter((entry) => entry.countries.includes(created.country));
    for (const [i, entry] of codes.entries()) {
      const special = dated?.[entry.code];
      const issued = special ? day(special.issued) : day(-66 - ((s * 3 + i * 4) % 11));
      const document = await deps.documents.uploadIn(scope, {
        seller_id: created.id,
        code: entry.code,
        file_name: `${entry.code}-${created.tax_id}.txt`,
        content_base64: placeholderFile(entry.code, created.name),
        issued_on: issued,
        ...(special ? { valid_until: day(special.validUntil) } : {}),
      });
      await deps.documents.verifyIn(scope, document.id, i % 2 === 0 ? 'issuer_registry' : 'manual_review');
      documents += 1;
    }

    // Its track record: about one invoice a month to its usual customers, all due by now.
    let number = 1000 + s * 37;
    for (let m = history.months; m >= 2; m -= 1) {
      const issue = day(-30 * m - ((s + m) % 9));
      const variation = ((s * 7 + m * 13) % 21) - 10; // -10 % to +10 %
      await insertInvoice(
        tx,
        'demo',
        {
          seller_id: created.id,
          debtor_id: debtorIds.get(history.debtors[m % history.debtors.length]!)!,
          number: numbered(invoiceNumber, issue, number),
          amount: Math.round(history.amount * (100 + variation)) / 100,
          issue_date: issue,
          due_date: addDays(issue, 60),
          source: invoiceSource,
        },
        now,
        evidence,
      );
      number += 1;
      invoices += 1;
    }
    nextNumber.set(key, number);
  }

  const requestIds: string[] = [];
  for (const request of DEMO_REQUESTS) {
    const seller = bySeller.get(request.seller)!;
    const invoiceIds: string[] = [];
    for (const invoice of request.invoices) {
      const number = nextNumber.get(request.seller)!;
      nextNumber.set(request.seller, number + 1);
      const issue = day(invoice.issued);
      const created = await insertInvoice(
        tx,
        'demo',
        {
          seller_id: sellerIds.get(request.seller)!,
          debtor_id: debtorIds.get(invoice.debtor)!,
          number: numbered(seller.invoiceNumber, issue, number),
          amount: invoice.amount,
          issue_date: issue,
          due_date: day(invoice.due),
          source: seller.invoiceSource,
        },
        now,
        evidence,
      );
      invoiceIds.push(created.id);
      invoices += 1;
    }
    requestIds.push(
      await deps.parties.createRequestIn(scope, {
        seller_id: sellerIds.get(request.seller)!,
        type: request.type,
        invoice_ids: invoiceIds,
        status: request.created,
      }),
    );
  }

  // A request routed while the funder had no list yet; the seller has fallen short since.
  for (const [i, request] of DEMO_REQUESTS.entries()) {
    if (request.routedBeforeLists) await deps.parties.routeIn(scope, requestIds[i]!, funderId);
  }
  for (const list of DEMO_REQUIRED_DOCUMENTS) {
    const before = (await requiredList(tx, { funderId, plane: 'demo' }, list.country))?.codes ?? [];
    await saveRequiredList(tx, { funderId, plane: 'demo' }, list.country, list.codes, list.note, now);
    evidence({
      funderId,
      plane: 'demo',
      kind: 'settings.required_documents_changed',
      subjectType: 'required_documents',
      subjectId: list.country,
      payload: { country: list.country, from: before, to: list.codes, note: list.note },
    });
  }
  for (const [i, request] of DEMO_REQUESTS.entries()) {
    const id = requestIds[i]!;
    if (!request.routedBeforeLists) await deps.parties.routeIn(scope, id, funderId);
    if (request.review) await deps.parties.moveIn(scope, id, 'review', null);
    if (request.cancel) await deps.parties.moveIn(scope, id, 'cancel', request.cancel);
    if (request.signal) await deps.parties.raiseSignalIn(scope, id, request.signal);
  }

  return {
    sellers: DEMO_SELLERS.length,
    debtors: DEMO_DEBTORS.length,
    documents,
    invoices,
    requestIds,
  };
}

/**
 * Runs one step on a request. A refusal here is the service's fault, not the operator's: it
 * becomes an internal error naming the request and the step, with the refusal as its cause.
 */
async function step<T>(request: DemoRequest, what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`demonstration scenario, request "${request.label}", ${what}: ${reason}`, { cause: err });
  }
}

/**
 * Step 2: the funder's offers and declines, each a decision of its own through the decisions
 * service.
 */
export async function sendOffers(deps: ScenarioDeps, funder: FunderCaller, requestIds: readonly string[]) {
  for (const [i, request] of DEMO_REQUESTS.entries()) {
    const id = requestIds[i]!;
    if (request.offer) {
      await step(request, 'offer', () =>
        deps.decisions.decide(funder, id, { decision: 'offer', ...request.offer } as DecisionInput),
      );
    }
    if (request.decline) {
      await step(request, 'decline', () =>
        deps.decisions.decide(funder, id, { decision: 'decline', ...request.decline } as DecisionInput),
      );
    }
  }
}

/** Step 3, inside one write: the sellers answer the offers, then the debtors their notices. */
export async function answerOffersAndNotices(
  scope: WriteScope,
  deps: ScenarioDeps,
  requestIds: readonly string[],
): Promise<void> {
  for (const [i, request] of DEMO_REQUESTS.entries()) {
    const id = requestIds[i]!;
    if (request.sellerAnswer) {
      const answer = request.sellerAnswer;
      await step(request, `seller ${answer}`, () => deps.parties.sellerAnswerIn(scope, id, answer));
    }
    for (const notice of request.notices ?? []) {
      const debtor = byDebtor.get(notice.debtor)!;
      await step(request, `${debtor.name} answers`, () =>
        deps.parties.debtorAnswerIn(scope, id, {
          debtor_tax_id: debtor.tax_id,
          answer: notice.answer,
          level: notice.level ?? null,
          channel: notice.answer === 'acknowledged' ? 'portal' : 'email',
          signer: debtor.signer,
          reason: notice.reason ?? null,
        }),
      );
    }
  }
}

/** Step 4: the funder funds, then records what it received; each a decision of its own. */
export async function fundAndSettle(
  deps: ScenarioDeps,
  funder: FunderCaller,
  requestIds: readonly string[],
  now: Date,
): Promise<void> {
  const today = madridDate(now);
  for (const [i, request] of DEMO_REQUESTS.entries()) {
    const id = requestIds[i]!;
    const fund = request.fund;
    if (!fund) continue;
    await step(request, 'fund', () =>
      deps.decisions.decide(funder, id, {
        decision: 'fund',
        value_date: addDays(today, fund.valueDate),
        reference: fund.reference,
      }),
    );
    for (const settlement of request.settlements ?? []) {
      await step(request, 'settle', () =>
        deps.decisions.decide(funder, id, {
          decision: 'settle',
          amount: settlement.amount,
          received_at: `${addDays(today, settlement.received)}T09:30:00.000Z`,
          reference: settlement.reference,
          ...(settlement.note ? { note: settlement.note } : {}),
        }),
      );
    }
  }
}
