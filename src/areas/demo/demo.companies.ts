import type { DebtorInput, InvoiceSource, SellerInput } from '../parties/parties.module.ts';
import type { ConsentLevel } from '../settings/settings.module.ts';

/**
 * The companies of the demonstration plane: fictitious sellers in Spain, Portugal, France and
 * Italy, their customers (two of them public bodies), and what the demonstration funder asks of
 * them (its document lists per seller country and its credit limits). All names, tax ids and
 * addresses are invented; `.example` e-mail domains never deliver.
 */

// ------------------------------------------------------------------ parties

export type SellerKey =
  | 'conservas'
  | 'talleres'
  | 'transportes'
  | 'cortica'
  | 'texteis'
  | 'loire'
  | 'garonne'
  | 'ceramiche'
  | 'adriatico';

export type DebtorKey =
  | 'meseta'
  | 'levante'
  | 'ayuntamiento'
  | 'atlantico'
  | 'camara'
  | 'rhone'
  | 'lombarda'
  | 'emilia';

export interface DemoSeller extends SellerInput {
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

export interface DemoDebtor extends DebtorInput {
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

// ------------------------------------------------------------------ the funder's credit limits

/**
 * The demonstration funder's limits, each set on its own day (days from today). Rhône's was
 * lowered twelve days ago below what the funder already held on it: the book shows a limit
 * nearly used up, and the request declined for concentration a few days later. The debtors the
 * sandbox endpoints invoice (Meseta, Levante) keep ample room, so integrators are never refused.
 */
export const DEMO_DEBTOR_LIMITS: readonly {
  debtor: DebtorKey;
  on: number;
  amount: number;
  note: string;
}[] = [
  { debtor: 'meseta', on: -100, amount: 400_000, note: 'Annual review; covered by the credit insurer.' },
  { debtor: 'levante', on: -100, amount: 300_000, note: 'Annual review; covered by the credit insurer.' },
  { debtor: 'ayuntamiento', on: -100, amount: 200_000, note: 'Municipal budget and payment period checked.' },
  { debtor: 'atlantico', on: -99, amount: 180_000, note: 'Insurer cover confirmed.' },
  { debtor: 'camara', on: -99, amount: 150_000, note: 'Public body; average payment period 52 days.' },
  { debtor: 'rhone', on: -99, amount: 150_000, note: 'Insurer cover confirmed.' },
  { debtor: 'emilia', on: -99, amount: 80_000, note: 'New relationship: started small.' },
  {
    debtor: 'rhone',
    on: -12,
    amount: 95_000,
    note: 'Lowered after two late payments; no new offers until the overdue invoice is paid.',
  },
];

/** Seller limits, set once the seller's first request reached the funder. */
export const DEMO_SELLER_LIMITS: readonly { seller: SellerKey; on: number; amount: number; note: string }[] =
  [
    { seller: 'talleres', on: -85, amount: 250_000, note: 'Group limit agreed with the seller.' },
    { seller: 'conservas', on: -88, amount: 150_000, note: 'Seasonal peaks in summer.' },
  ];

/** The shape of a demonstration request, each step on its day (days from today). */
export interface DemoInvoice {
  debtor: DebtorKey;
  amount: number;
  /** Days from today (negative: in the past). */
  issued: number;
  due: number;
}

export interface DemoNotice {
  on: number;
  debtor: DebtorKey;
  answer: 'acknowledged' | 'disputed';
  level?: ConsentLevel;
  reason?: string;
}

export interface DemoRequest {
  /** What it shows, for readers and error messages. */
  label: string;
  seller: SellerKey;
  type: 'factoring' | 'confirming';
  invoices: DemoInvoice[];
  /** The day the seller made it and the service routed it to the demonstration funder. */
  created: number;
  /** Left unsubmitted by the seller (routed all the same, so the funder sees it coming). */
  pending?: boolean;
  review?: number;
  cancel?: { on: number; note: string };
  signal?: {
    on: number;
    code: string;
    severity: 'low' | 'medium' | 'high';
    hard: boolean;
    detail: string;
  };
  offer?: {
    on: number;
    rate: number;
    advance_pct: number;
    days?: number;
    valid_days?: number;
    notes?: string;
  };
  decline?: { on: number; reason: string; notes: string };
  sellerAnswer?: { on: number; answer: 'accept' | 'reject' };
  /** Debtors' answers to their notices; a debtor left out keeps its notice pending. */
  notices?: DemoNotice[];
  fund?: { on: number; reference: string };
  /** Payments received; `amount: 'rest'` is whatever is still owed. */
  settlements?: { on: number; amount: number | 'rest'; reference: string; note?: string }[];
}
