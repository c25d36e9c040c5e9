/**
 * The names banks give the columns of a CSV statement, per role, and how a header cell is
 * recognised. English, Spanish, Portuguese, French and Italian, with the usual German and
 * Dutch names. Names are written normalised: lower case, no accents, one space between words.
 */

export type Role =
  | 'booking_date'
  | 'value_date'
  | 'amount'
  | 'credit'
  | 'debit'
  | 'direction'
  | 'currency'
  | 'remittance'
  | 'bank_reference'
  | 'counterparty_name'
  | 'counterparty_iban'
  | 'balance';

/** Header names per role, normalised: lower case, no accents, words separated by one space. */
export const HEADER_NAMES: Record<Role, readonly string[]> = {
  booking_date: [
    'date',
    'booking date',
    'posting date',
    'transaction date',
    'entry date',
    'operation date',
    'book date',
    'fecha',
    'fecha operacion',
    'fecha de operacion',
    'fecha contable',
    'fecha movimiento',
    'f operacion',
    'f contable',
    'data',
    'data operacao',
    'data movimento',
    'data lancamento',
    'data mov',
    'data contabile',
    'data operazione',
    'data registrazione',
    'date operation',
    'date de operation',
    'date d operation',
    'date comptable',
    'datum',
    'buchungstag',
    'buchungsdatum',
    'boekdatum',
  ],
  value_date: [
    'value date',
    'valuedate',
    'fecha valor',
    'f valor',
    'data valor',
    'data valuta',
    'data valore',
    'valuta',
    'date de valeur',
    'date valeur',
    'valeur',
    'wertstellung',
    'valutadatum',
    'rentedatum',
  ],
  amount: [
    'amount',
    'transaction amount',
    'importe',
    'cantidad',
    'monto',
    'valor',
    'montante',
    'montant',
    'importo',
    'ammontare',
    'betrag',
    'bedrag',
  ],
  credit: [
    'credit',
    'credits',
    'credit amount',
    'paid in',
    'money in',
    'haber',
    'abono',
    'abonos',
    'ingreso',
    'ingresos',
    'credito',
    'creditos',
    'entrada',
    'entradas',
    'avere',
    'accrediti',
    'entrate',
    'encaissement',
    'gutschrift',
    'bij',
  ],
  debit: [
    'debit',
    'debits',
    'debit amount',
    'paid out',
    'money out',
    'debe',
    'cargo',
    'cargos',
    'gasto',
    'gastos',
    'debito',
    'debitos',
    'saida',
    'saidas',
    'dare',
    'addebiti',
    'uscite',
    'decaissement',
    'lastschrift',
    'af',
  ],
  direction: [
    'dc',
    'cd',
    'd c',
    'c d',
    'debit credit',
    'credit debit',
    'cr dr',
    'dr cr',
    'sign',
    'signo',
    'sinal',
    'segno',
    'sens',
    'credit debit indicator',
    'cdtdbtind',
    'soll haben',
    'af bij',
  ],
  currency: ['currency', 'ccy', 'moneda', 'divisa', 'moeda', 'devise', 'waehrung', 'wahrung', 'munt'],
  remittance: [
    'description',
    'details',
    'reference',
    'remittance',
    'remittance information',
    'narrative',
    'memo',
    'payment reference',
    'concepto',
    'concepto ampliado',
    'descripcion',
    'detalle',
    'observaciones',
    'mas datos',
    'informacion adicional',
    'referencia',
    'descricao',
    'descritivo',
    'observacoes',
    'libelle',
    'libelle operation',
    'libelle de l operation',
    'motif',
    'information complementaire',
    'causale',
    'descrizione',
    'descrizione operazione',
    'riferimento',
    'verwendungszweck',
    'buchungstext',
    'omschrijving',
    'mededelingen',
  ],
  bank_reference: [
    'bank reference',
    'transaction id',
    'transaction reference',
    'entry reference',
    'referencia banco',
    'referencia bancaria',
    'ref banco',
    'n operacion',
    'num operacion',
    'numero operacion',
    'numero de operacion',
    'id operacao',
    'referencia do banco',
    'reference banque',
    'ref banque',
    'numero operation',
    'riferimento banca',
    'id operazione',
    'numero operazione',
  ],
  counterparty_name: [
    'counterparty',
    'counterparty name',
    'payer',
    'payer name',
    'name',
    'ordenante',
    'nombre ordenante',
    'remitente',
    'contraparte',
    'nombre',
    'ordenante beneficiario',
    'emissor',
    'nome',
    'tiers',
    'emetteur',
    'donneur d ordre',
    'nom',
    'contrepartie',
    'ordinante',
    'controparte',
    'nominativo',
    'auftraggeber',
    'naam',
    'naam tegenpartij',
  ],
  counterparty_iban: [
    'counterparty iban',
    'iban',
    'counterparty account',
    'payer iban',
    'cuenta ordenante',
    'iban ordenante',
    'cuenta contraparte',
    'iban contraparte',
    'conta ordenante',
    'iban contrepartie',
    'compte contrepartie',
    'iban ordinante',
    'iban controparte',
    'tegenrekening',
    'kontonummer',
  ],
  balance: [
    'balance',
    'running balance',
    'saldo',
    'saldo contable',
    'saldo disponible',
    'solde',
    'kontostand',
  ],
};

/** Rows whose first cell starts like this and whose date does not read are totals, not transactions. */
export const FOOTER = /^(total|totales|totale|totaal|summe|saldo|solde|balance|closing|opening)\b/;

export const CREDIT_MARKS = new Set([
  'c',
  'cr',
  'crdt',
  'credit',
  'credito',
  'haber',
  'h',
  'abono',
  '+',
  'avere',
  'a',
  'bij',
]);
export const DEBIT_MARKS = new Set([
  'd',
  'dr',
  'dbit',
  'debit',
  'debito',
  'debe',
  'cargo',
  '-',
  'dare',
  'af',
  's',
]);

export function normaliseHeader(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\b(eur|euro|euros)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const EXACT = new Map<string, Role>();
for (const [role, names] of Object.entries(HEADER_NAMES) as [Role, readonly string[]][]) {
  for (const name of names) if (!EXACT.has(name)) EXACT.set(name, role);
}
const BY_LENGTH = [...EXACT.entries()].sort((a, b) => b[0].length - a[0].length);

/** The role of a header cell: an exact name, else the longest name it starts with. */
export function roleOf(header: string): Role | null {
  const name = normaliseHeader(header);
  if (name === '') return null;
  const exact = EXACT.get(name);
  if (exact) return exact;
  for (const [known, role] of BY_LENGTH) if (name.startsWith(`${known} `)) return role;
  return null;
}
