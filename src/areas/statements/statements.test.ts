import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/support/errors.ts';
import {
  type DebtorFixture,
  type FunderFixture,
  type RequestsGiven,
  requestsGiven,
} from '../../../test/support/requests-fixtures.ts';
import { startService, type TestService } from '../../../test/support/service.ts';
import {
  bigCamt053,
  CAMT_VERSIONS,
  type CamtEntry,
  CSV_BANKS,
  type CsvRow,
  camt053,
  csvStatement,
} from '../../../test/support/statement-files.ts';
import { madridMidnight } from '../../platform/clock.ts';
import { creditorReferenceFor } from './statements.matching.ts';
import { MAX_STATEMENT_BYTES, MAX_STATEMENT_LINES } from './statements.parsed.ts';

let service: TestService;
let given: RequestsGiven;
let sandbox: FunderFixture;
let live: FunderFixture;
let today: string;

beforeAll(async () => {
  service = await startService({ demoPlane: true });
  given = requestsGiven(service);
  // Keys with room for the many calls that make funded requests (the default is 120 a minute).
  const roomy = { perMinute: 100_000, perHour: 1_000_000 };
  const demo = await service.given.demoFunder();
  const sandboxKey = await service.given.key({ bankId: demo.bankId, prospect: 'statements test', ...roomy });
  sandbox = { bankId: demo.bankId, key: sandboxKey.secret, keyId: sandboxKey.id };
  live = await roomyFunder('live');
  today = await given.today();
});
afterAll(async () => service?.close());

type Body = Record<string, unknown>;
type ErrorBody = { error: { code: string; message: string } & Body };

interface Line {
  line: number;
  direction: string;
  reversal: boolean;
  amount: number;
  payment_candidate: boolean;
  match: {
    request_id: string;
    request_ref: string;
    invoice_number: string | null;
    method: string;
    confidence: number;
  } | null;
  confirmation: Body | null;
}
interface Result {
  id: string;
  kind: string;
  version: string | null;
  lines: Line[];
  matched_count: number;
  [key: string]: unknown;
}

async function roomyFunder(environment: 'live' | 'sandbox' | 'unclassified'): Promise<FunderFixture> {
  const funder = await service.given.funderAccount({ environment });
  const key = await service.given.key({ bankId: funder.bank_id, perMinute: 100_000, perHour: 1_000_000 });
  return { bankId: funder.bank_id, key: key.secret, keyId: key.id };
}

const unique = () => randomBytes(4).toString('hex').toUpperCase();

const upload = (key: string, content: string | Buffer, type = 'application/xml', query = '') =>
  service.call<Result>(key, 'POST', `/v1/statements${query}`, {
    payload: content,
    headers: { 'content-type': type },
  });

const uploadJson = (key: string, body: unknown) =>
  service.call<Result>(key, 'POST', '/v1/statements', { body });

const base64 = (content: string | Buffer) => Buffer.from(content).toString('base64');

interface Funded {
  id: string;
  ref: string;
  total: number;
  invoices: { number: string; amount: number; debtor: string }[];
}

/** A funded factoring request of the funder, one invoice per debtor name given. */
async function funded(
  funder: FunderFixture,
  plane: 'live' | 'demo',
  invoices: { debtor: string; amount: number }[],
) {
  const debtors: DebtorFixture[] = [];
  for (const invoice of invoices)
    debtors.push(await given.debtor({ plane, name: `${invoice.debtor} ${unique()}` }));
  const seller = await given.liveSeller({ plane });
  const request = await given.fundedRequest({
    funder,
    plane,
    seller,
    invoices: invoices.map((invoice, i) => ({ debtor: debtors[i]!, amount: invoice.amount })),
  });
  const packet = await service.call<{ request: { request_ref: string } }>(
    funder.key,
    'GET',
    `/v1/requests/${request.id}`,
  );
  expect(packet.status).toBe(200);
  return {
    id: request.id,
    ref: packet.body.request.request_ref,
    total: request.totalAmount,
    invoices: request.invoices.map((i) => ({ number: i.number, amount: i.amount, debtor: i.debtor.name })),
  } satisfies Funded;
}

async function requestState(id: string) {
  const { rows } = await service.db.query<{ status: string; settled_amount: string }>(
    'SELECT status, settled_amount FROM funding_requests WHERE id = $1',
    [id],
  );
  return rows[0]!;
}

async function statementCount(funderId: string) {
  const { rows } = await service.db.query<{ statements: number; lines: number }>(
    `SELECT (SELECT count(*)::int FROM statements WHERE funder_id = $1) AS statements,
            (SELECT count(*)::int FROM statement_lines WHERE funder_id = $1) AS lines`,
    [funderId],
  );
  return rows[0]!;
}

const cents = (euros: number) => Math.round(euros * 100);
const credit = (euros: number, over: Partial<CamtEntry> = {}): CamtEntry => ({
  cents: cents(euros),
  direction: 'CRDT',
  bookingDate: today,
  ref: `BK-${unique()}`,
  ...over,
});

describe('POST /v1/statements', () => {
  it('imports a CAMT.053 statement and proposes a match for each credit, settling nothing', async () => {
    const a = await funded(sandbox, 'demo', [{ debtor: 'Distribuciones Meseta', amount: 7_313.17 }]);
    const b = await funded(sandbox, 'demo', [{ debtor: 'Hipermercados Levante', amount: 2_222.22 }]);
    const c = await funded(sandbox, 'demo', [
      { debtor: 'Cadena Norte', amount: 1_111.11 },
      { debtor: 'Frutas Sol', amount: 3_333.33 },
    ]);
    const d = await funded(sandbox, 'demo', [{ debtor: 'Talleres Ebro', amount: 4_747.47 }]);
    const xml = camt053({
      version: 8,
      statementId: `S-${unique()}`,
      entries: [
        credit(7_313.17, { transactions: [{ debtor: 'Some Payer SL', ustrd: [`Pago ${a.ref} gracias`] }] }),
        credit(2_222.22, { transactions: [{ debtor: 'Otro SA', creditorRef: creditorReferenceFor(b.ref) }] }),
        credit(3_333.33, { transactions: [{ debtor: 'X', ustrd: [`Fra. ${c.invoices[1]!.number}`] }] }),
        credit(4_747.47, {
          transactions: [{ debtor: d.invoices[0]!.debtor.toUpperCase(), ustrd: ['transferencia'] }],
        }),
        credit(55.55, { transactions: [{ debtor: 'Nadie SL', ustrd: ['sin referencia'] }] }),
        {
          cents: 1_000,
          direction: 'DBIT',
          bookingDate: today,
          transactions: [{ creditor: 'Proveedor', ustrd: [a.ref] }],
        },
        {
          cents: 7_313_17,
          direction: 'DBIT',
          reversal: true,
          bookingDate: today,
          transactions: [{ ustrd: [a.ref] }],
        },
      ],
    });
    const answer = await upload(sandbox.key, xml, 'application/xml', '?file_name=september.xml');
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      kind: 'camt053',
      version: 'camt.053.001.08',
      file_name: 'september.xml',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      size_bytes: Buffer.byteLength(xml),
      imported_at: expect.any(String),
      bank_statement_ids: [expect.stringMatching(/^S-/)],
      account: { iban: 'ES9121000418450200051332', currency: 'EUR' },
      csv_layout: null,
      first_booking_date: today,
      last_booking_date: today,
      currency: 'EUR',
      line_count: 7,
      credit_count: 5,
      debit_count: 2,
      reversal_count: 1,
      candidate_count: 5,
      matched_count: 4,
      unmatched_count: 1,
      total_credited: 17_671.74,
      total_debited: 7_323.17,
      lines: expect.any(Array),
    });
    const lines = answer.body.lines;
    expect(lines[0]).toEqual({
      line: 1,
      file_line: expect.any(Number),
      element: 'Stmt[1]/Ntry[1]',
      booking_date: today,
      booking_date_source: 'entry',
      value_date: today,
      direction: 'credit',
      reversal: false,
      entry_status: 'BOOK',
      amount: 7_313.17,
      currency: 'EUR',
      bank_reference: expect.stringMatching(/^BK-/),
      end_to_end_id: null,
      remittance_text: `Pago ${a.ref} gracias`,
      creditor_reference: null,
      document_numbers: [],
      counterparty_name: 'Some Payer SL',
      counterparty_iban: null,
      payment_candidate: true,
      match: {
        request_id: a.id,
        request_ref: a.ref,
        invoice_number: null,
        method: 'reference',
        confidence: 0.98,
      },
      confirmation: null,
    });
    expect(lines[1]!.match).toMatchObject({ request_id: b.id, method: 'reference', confidence: 1 });
    expect(lines[2]!.match).toMatchObject({
      request_id: c.id,
      invoice_number: c.invoices[1]!.number,
      method: 'reference',
    });
    expect(lines[3]!.match).toMatchObject({
      request_id: d.id,
      invoice_number: d.invoices[0]!.number,
      method: 'amount_and_debtor',
    });
    expect(lines[3]!.match!.confidence).toBeGreaterThanOrEqual(0.8);
    expect(lines.slice(4).map((l) => [l.payment_candidate, l.match])).toEqual([
      [true, null],
      [false, null],
      [false, null],
    ]);
    expect(lines[6]).toMatchObject({ direction: 'debit', reversal: true });

    // Nothing settles at import.
    for (const request of [a, b, c, d]) {
      expect(await requestState(request.id)).toEqual({ status: 'funded', settled_amount: '0.00' });
    }
    const { rows: evidence } = await service.db.query<{ kind: string; payload: Body }>(
      'SELECT kind, payload FROM evidence_entries WHERE subject_id = $1',
      [answer.body.id],
    );
    expect(evidence).toEqual([
      {
        kind: 'statement.imported',
        payload: expect.objectContaining({ sha256: answer.body.sha256, lines: 7, matched: 4 }),
      },
    ]);
  });

  it.each(CAMT_VERSIONS)('reads a CAMT.053 version .001.0%i file sent as XML', async (version) => {
    const request = await funded(sandbox, 'demo', [{ debtor: 'Papeleria Centro', amount: 1_000 + version }]);
    const xml = camt053({
      version,
      prefix: version % 2 === 0 ? 'ns2' : undefined,
      crlf: version === 3,
      bank: { name: `Banco Ficticio ${version}`, bic: `BFIC${version}ESMMXXX` },
      statementId: `V${version}-${unique()}`,
      entries: [
        credit(1_000 + version, {
          dateTime: version > 5,
          transactions: [{ debtor: 'Papeleria Centro SL', creditorRef: creditorReferenceFor(request.ref) }],
        }),
        credit(20, {
          cents: 3_000,
          transactions: [
            { cents: 1_000, debtor: 'Uno', ustrd: ['batch one'] },
            { cents: 2_000, debtor: 'Dos', ustrd: ['batch two'] },
          ],
        }),
      ],
    });
    const answer = await upload(
      sandbox.key,
      xml,
      version % 2 === 0 ? 'application/xml' : 'text/xml; charset=utf-8',
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      kind: 'camt053',
      version: `camt.053.001.0${version}`,
      line_count: 3,
    });
    expect(answer.body.lines[0]!.match).toMatchObject({ request_id: request.id, method: 'reference' });
    expect(answer.body.lines.slice(1).map((l) => l.amount)).toEqual([10, 20]);
  });

  it.each(CSV_BANKS)('reads the CSV export of %s, raw and as JSON', async (bank) => {
    const request = await funded(sandbox, 'demo', [{ debtor: 'Ferreteria Sur', amount: 876.54 }]);
    const csv = csvStatement(bank, [
      { date: today, cents: 87_654, text: `Pago ${request.ref}`, counterparty: 'Ferreteria Sur SL' },
      { date: today, cents: -1_250, text: `Comision ${unique()}` },
    ]);
    const raw = await upload(sandbox.key, csv, 'text/csv');
    expect(raw.status).toBe(201);
    expect(raw.body).toMatchObject({
      kind: 'csv',
      version: null,
      line_count: 2,
      credit_count: 1,
      matched_count: 1,
    });
    expect(raw.body.lines[0]!.match).toMatchObject({ request_id: request.id, method: 'reference' });
    expect(raw.body.csv_layout).toMatchObject({ header_line: expect.any(Number) });

    const again = csvStatement(bank, [
      { date: today, cents: 87_654, text: `Pago ${request.ref} ${unique()}` },
    ]);
    const json = await uploadJson(sandbox.key, { file_name: `${bank}.csv`, content_base64: base64(again) });
    expect(json.status).toBe(201);
    expect(json.body).toMatchObject({ kind: 'csv', file_name: `${bank}.csv`, line_count: 1 });
  });

  it('detects the kind when left out and follows kind when given', async () => {
    const xml = camt53Small();
    const detected = await uploadJson(sandbox.key, { content_base64: base64(xml) });
    expect(detected.status).toBe(201);
    expect(detected.body.kind).toBe('camt053');
    const csv = `Date,Description,Amount\n${today},${unique()},10.00\n`;
    const asCsv = await upload(sandbox.key, csv, 'text/csv', '?kind=csv&file_name=a.csv');
    expect(asCsv.body).toMatchObject({ kind: 'csv', file_name: 'a.csv' });
    // Told camt053, a CSV is refused as unreadable.
    const wrong = await uploadJson(sandbox.key, { kind: 'camt053', content_base64: base64(`${csv}x`) });
    expectError(wrong, 422, 'statement_unreadable');
    expectError(await upload(sandbox.key, csv, 'text/csv', '?kind=mt940'), 422, 'query_invalid');
    expectError(
      await uploadJson(sandbox.key, { kind: 'mt940', content_base64: base64(csv) }),
      422,
      'body_invalid',
    );
    expectError(
      await uploadJson(sandbox.key, { content_base64: base64(csv), extra: 1 }),
      422,
      'body_invalid',
    );
    // In JSON, the body's file_name and kind win over the query's.
    const named = await service.call<Result>(
      sandbox.key,
      'POST',
      '/v1/statements?file_name=query.csv&kind=camt053',
      {
        body: { file_name: 'body.csv', kind: 'csv', content_base64: base64(`${csv}${today},x,1.00\n`) },
      },
    );
    expect(named.body).toMatchObject({ kind: 'csv', file_name: 'body.csv' });
  });

  it("an entry without booking and value dates takes the statement's closing balance date, and the line says so", async () => {
    const xml = camt53Small()
      .replace(/<BookgDt>[\s\S]*?<\/BookgDt>/, '')
      .replace(/<ValDt>[\s\S]*?<\/ValDt>/, '')
      .replace(/<FrToDt>[\s\S]*?<\/FrToDt>/, '');
    expect(xml).not.toContain('BookgDt');
    const answer = await upload(sandbox.key, xml);
    expect(answer.status).toBe(201);
    expect(answer.body.lines[0]).toMatchObject({
      booking_date: today,
      booking_date_source: 'closing_balance',
      value_date: null,
    });
    const read = await service.ops<Result>('GET', `/ops/v1/statements/${answer.body.id}`);
    expect(read.body.lines[0]).toMatchObject({ booking_date: today, booking_date_source: 'closing_balance' });
  });

  it('statement_already_imported: the same file twice is refused, naming the first import', async () => {
    const xml = camt53Small();
    const first = await upload(sandbox.key, xml);
    expect(first.status).toBe(201);
    const before = await statementCount(sandbox.bankId);
    const error = expectError(await upload(sandbox.key, xml), 409, 'statement_already_imported');
    expect(error).toMatchObject({ statement_id: first.body.id, sha256: first.body.sha256 });
    // Also as JSON: the bytes decide, not the way they were sent.
    expectError(
      await uploadJson(sandbox.key, { content_base64: base64(xml) }),
      409,
      'statement_already_imported',
    );
    expect(await statementCount(sandbox.bankId)).toEqual(before);
    // Another funder may import the same file.
    expect((await upload(live.key, xml)).status).toBe(201);
  });

  it('statement_already_imported: the same file sent twice at once is imported once', async () => {
    const xml = camt53Small();
    const answers = await Promise.all([upload(sandbox.key, xml), upload(sandbox.key, xml)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const first = answers.find((a) => a.status === 201)!;
    const second = answers.find((a) => a.status === 409)!;
    expect((second.body as unknown as ErrorBody).error).toMatchObject({
      code: 'statement_already_imported',
      statement_id: first.body.id,
    });
  });

  it('file_required: no body, or JSON without content_base64', async () => {
    expectError(await service.call(sandbox.key, 'POST', '/v1/statements'), 422, 'file_required');
    expectError(await uploadJson(sandbox.key, { file_name: 'x.xml' }), 422, 'file_required');
    expectError(await uploadJson(sandbox.key, { content_base64: null }), 422, 'file_required');
    // A JSON content type with no body at all.
    expectError(await upload(sandbox.key, '', 'application/json'), 422, 'file_required');
  });

  it('file_unreadable: bad base64, or bytes that are not text', async () => {
    expectError(await uploadJson(sandbox.key, { content_base64: 'not base64!' }), 422, 'file_unreadable');
    expectError(await uploadJson(sandbox.key, { content_base64: 'QUJDR' }), 422, 'file_unreadable');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    expectError(await uploadJson(sandbox.key, { content_base64: base64(png) }), 422, 'file_unreadable');
    expectError(await upload(sandbox.key, png, 'text/csv'), 422, 'file_unreadable');
  });

  it('file_empty: a file of no bytes or only blanks', async () => {
    expectError(await upload(sandbox.key, '', 'text/csv'), 422, 'file_empty');
    expectError(await uploadJson(sandbox.key, { content_base64: '' }), 422, 'file_empty');
    expectError(await uploadJson(sandbox.key, { content_base64: base64('\ufeff  \n\n') }), 422, 'file_empty');
  });

  it('statement_unreadable: XML broken in the middle is refused whole, naming the line; nothing is written', async () => {
    const request = await funded(sandbox, 'demo', [{ debtor: 'Muebles Oeste', amount: 612.34 }]);
    const entries = Array.from({ length: 20 }, (_, i) =>
      credit(10 + i, { transactions: [{ debtor: 'Muebles Oeste SL', ustrd: [`${request.ref} ${i}`] }] }),
    );
    const lines = camt053({ version: 6, entries }).split('\n');
    const broken = lines.findIndex((l, i) => i > lines.length / 2 && l.includes('<Ustrd>'));
    lines[broken] = lines[broken]!.replace('</Ustrd>', '</Ustr>');
    const before = await statementCount(sandbox.bankId);
    const error = expectError(await upload(sandbox.key, lines.join('\n')), 422, 'statement_unreadable');
    expect(error.file_line).toBe(broken + 1);
    expect(error.message).toContain(`line ${broken + 1}`);
    expect(await statementCount(sandbox.bankId)).toEqual(before);
  });

  it('statement_unreadable: an XML declaring a DOCTYPE or an ENTITY is refused outright', async () => {
    const xml = camt53Small().replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0"?>\n<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/hostname">]>',
    );
    const error = expectError(await upload(sandbox.key, xml), 422, 'statement_unreadable');
    expect(error).toMatchObject({ file_line: 2, element: '<!DOCTYPE>' });
    expect(error.message).not.toContain('etc');
    const csv = 'Date;Concepto;Importe\n2026-09-01;"sin cerrar;10,00\n';
    expect(
      expectError(await upload(sandbox.key, csv, 'text/csv'), 422, 'statement_unreadable').file_line,
    ).toBe(2);
    expectError(await upload(sandbox.key, '<Document><Other/></Document>'), 422, 'statement_unreadable');
  });

  it('statement_has_no_transactions: a statement without entries, a CSV with a header alone', async () => {
    expectError(
      await upload(sandbox.key, camt053({ version: 4, entries: [], statementId: unique() })),
      422,
      'statement_has_no_transactions',
    );
    expectError(
      await upload(sandbox.key, 'Fecha;Concepto;Importe\n', 'text/csv'),
      422,
      'statement_has_no_transactions',
    );
  });

  it('line_invalid: a CSV line with a bad amount is refused whole, naming the line; nothing is written', async () => {
    const rows: CsvRow[] = Array.from({ length: 12 }, (_, i) => ({
      date: today,
      cents: 1_000 + i,
      text: `Pago ${unique()}`,
    }));
    rows[8] = { ...rows[8]!, rawAmount: '10,0,0' };
    const before = await statementCount(sandbox.bankId);
    const error = expectError(
      await upload(sandbox.key, csvStatement('meseta_es', rows), 'text/csv'),
      422,
      'line_invalid',
    );
    expect(error).toMatchObject({ line: 9, file_line: 13, column: 'Importe', value: '10,0,0' });
    expect(error.message).toContain('Line 13');
    expect(await statementCount(sandbox.bankId)).toEqual(before);
    const xml = camt053({ version: 5, entries: [credit(1), credit(2, { rawAmount: '2.5.0' })] });
    expect(expectError(await upload(sandbox.key, xml), 422, 'line_invalid')).toMatchObject({
      line: 2,
      element: 'Stmt[1]/Ntry[2]',
    });
  });

  it('file_too_large: over 4 MiB raw, or decoded from base64', async () => {
    const big = Buffer.alloc(MAX_STATEMENT_BYTES + 1, 'a');
    const raw = expectError(await upload(sandbox.key, big, 'text/csv'), 413, 'file_too_large');
    expect(raw.max_bytes).toBe(MAX_STATEMENT_BYTES);
    expectError(
      await uploadJson(sandbox.key, { content_base64: big.toString('base64') }),
      413,
      'file_too_large',
    );
    // Exactly 4 MiB is read (and refused for what it holds, not for its size).
    const exact = Buffer.alloc(MAX_STATEMENT_BYTES, 'a');
    expectError(await upload(sandbox.key, exact, 'text/csv'), 422, 'statement_unreadable');
  });

  it(`too_many_lines: more than ${MAX_STATEMENT_LINES.toLocaleString('en')} transactions`, async () => {
    const error = expectError(
      await upload(sandbox.key, bigCamt053(MAX_STATEMENT_LINES + 1)),
      413,
      'too_many_lines',
    );
    expect(error.max_lines).toBe(MAX_STATEMENT_LINES);
  });

  it('answers another content type with 415', async () => {
    expectError(await upload(sandbox.key, 'hello', 'text/plain'), 415, 'unsupported_media_type');
  });

  it('replays a raw upload sent again with the same Idempotency-Key', async () => {
    const xml = camt53Small();
    const headers = { 'content-type': 'application/xml', 'idempotency-key': `stmt-${unique()}` };
    const first = await service.call<Result>(sandbox.key, 'POST', '/v1/statements', {
      payload: xml,
      headers,
    });
    const second = await service.call<Result>(sandbox.key, 'POST', '/v1/statements', {
      payload: xml,
      headers,
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body.id).toBe(first.body.id);
    const other = await service.call(sandbox.key, 'POST', '/v1/statements', {
      payload: camt53Small(),
      headers,
    });
    expectError(other, 422, 'idempotency_key_reused');
  });

  it('opens with statements:write or decisions:write; other scopes answer 403', async () => {
    for (const scopes of [['statements:write'], ['decisions:write']]) {
      const key = await given.keyOf(live, scopes);
      expect((await upload(key, camt53Small())).status).toBe(201);
    }
    for (const scopes of [['requests:read'], ['limits:write', 'settings:write']]) {
      const key = await given.keyOf(live, scopes);
      expectError(await upload(key, camt53Small()), 403, 'forbidden');
    }
    expectError(await upload('svc_fk_'.padEnd(71, '0'), camt53Small()), 401, 'unauthorized');
  });

  it('matches only the caller’s own requests on its own plane', async () => {
    const demo = await funded(sandbox, 'demo', [{ debtor: 'Bodegas Duero', amount: 5_151.51 }]);
    const mine = await funded(live, 'live', [{ debtor: 'Bodegas Duero', amount: 5_252.52 }]);
    const otherLive = await roomyFunder('live');
    const theirs = await funded(otherLive, 'live', [{ debtor: 'Bodegas Duero', amount: 5_353.53 }]);
    const file = (id: string) =>
      camt053({
        version: 7,
        statementId: id,
        entries: [
          credit(5_151.51, {
            transactions: [
              {
                debtor: demo.invoices[0]!.debtor,
                ustrd: [demo.ref],
                creditorRef: creditorReferenceFor(demo.ref),
              },
            ],
          }),
          credit(5_252.52, { transactions: [{ debtor: mine.invoices[0]!.debtor, ustrd: [mine.ref] }] }),
          credit(5_353.53, { transactions: [{ debtor: theirs.invoices[0]!.debtor, ustrd: [theirs.ref] }] }),
        ],
      });
    const asLive = await upload(live.key, file(`L-${unique()}`));
    expect(asLive.status).toBe(201);
    expect(asLive.body.lines.map((l) => l.match?.request_id ?? null)).toEqual([null, mine.id, null]);
    const asSandbox = await upload(sandbox.key, file(`D-${unique()}`));
    expect(asSandbox.body.lines.map((l) => l.match?.request_id ?? null)).toEqual([demo.id, null, null]);
    // An unclassified funder sees nothing and cannot import.
    const unclassified = await given.funder({ environment: 'unclassified' });
    expectError(await upload(unclassified.key, file(`U-${unique()}`)), 403, 'forbidden');
  });
});

describe('confirming a statement line', () => {
  const confirm = (key: string, statementId: string, line: number, body?: Body) =>
    service.call<{ statement_id: string; line: Line; settlement: Body }>(
      key,
      'POST',
      `/v1/sandbox/statements/${statementId}/lines/${line}/confirm`,
      body === undefined ? {} : { body },
    );

  it('records the payment on the request: what remains falls, and the last payment settles it', async () => {
    const request = await funded(sandbox, 'demo', [
      { debtor: 'Lacteos Norte', amount: 1_200 },
      { debtor: 'Lacteos Norte', amount: 800.5 },
    ]);
    const xml = camt053({
      version: 8,
      entries: [
        credit(1_200, {
          ref: `P1-${unique()}`,
          transactions: [{ debtor: 'x', ustrd: [`factura ${request.invoices[0]!.number}`] }],
        }),
        credit(800.5, { ref: `P2-${unique()}`, transactions: [{ debtor: 'x', ustrd: [request.ref] }] }),
      ],
    });
    const imported = await upload(sandbox.key, xml);
    expect(imported.body.matched_count).toBe(2);

    const first = await confirm(sandbox.key, imported.body.id, 1);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      statement_id: imported.body.id,
      line: expect.objectContaining({
        line: 1,
        confirmation: {
          request_id: request.id,
          request_ref: request.ref,
          invoice_number: request.invoices[0]!.number,
          settlement_id: expect.any(String),
          confirmed_at: expect.any(String),
        },
      }),
      settlement: {
        request_id: request.id,
        settlement_id: first.body.line.confirmation!.settlement_id,
        amount: 1_200,
        // Received on the day the bank booked it: from midnight in Madrid.
        received_at: madridMidnight(today).toISOString(),
        reference: expect.stringMatching(/^P1-/),
        final: false,
        settled_amount: 1_200,
        remaining_amount: 800.5,
        status: 'funded',
      },
    });
    expect(await requestState(request.id)).toEqual({ status: 'funded', settled_amount: '1200.00' });

    const second = await confirm(sandbox.key, imported.body.id, 2, {});
    expect(second.body.settlement).toMatchObject({
      settled_amount: 2_000.5,
      remaining_amount: 0,
      status: 'settled',
    });
    expect(await requestState(request.id)).toEqual({ status: 'settled', settled_amount: '2000.50' });

    const { rows: settlements } = await service.db.query<{ source: string; amount: string; note: string }>(
      'SELECT source, amount, note FROM settlements WHERE request_id = $1 ORDER BY recorded_at, amount DESC',
      [request.id],
    );
    expect(settlements.map((s) => [s.source, s.amount])).toEqual([
      ['statement', '1200.00'],
      ['statement', '800.50'],
    ]);
    const { rows: events } = await service.db.query<{ payload: Body }>(
      `SELECT payload FROM outbox_events WHERE type = 'settlement.recorded' AND payload->>'request_id' = $1`,
      [request.id],
    );
    expect(events.map((e) => e.payload.source)).toEqual(['statement', 'statement']);
    const { rows: evidence } = await service.db.query<{ kind: string }>(
      `SELECT kind FROM evidence_entries WHERE subject_id = ANY($1::text[]) AND kind <> 'statement.imported' ORDER BY seq`,
      [[imported.body.id, request.id]],
    );
    expect(evidence.map((e) => e.kind).filter((k) => k.startsWith('s'))).toEqual([
      'settlement.statement_line',
      'statement.line_confirmed',
      'settlement.statement_line',
      'statement.line_confirmed',
    ]);

    // Confirmed once only.
    expectError(await confirm(sandbox.key, imported.body.id, 1), 409, 'invalid_state');
  });

  it('invalid_amount when the line is more than what remains; invalid_state for a debit or a reversal', async () => {
    const request = await funded(sandbox, 'demo', [{ debtor: 'Cristaleria Este', amount: 300 }]);
    const imported = await upload(
      sandbox.key,
      camt053({
        version: 5,
        entries: [
          credit(450, { transactions: [{ debtor: 'x', ustrd: [request.ref] }] }),
          { cents: 5_000, direction: 'DBIT', bookingDate: today, transactions: [{ ustrd: [request.ref] }] },
          {
            cents: 5_000,
            direction: 'CRDT',
            reversal: true,
            bookingDate: today,
            transactions: [{ ustrd: [request.ref] }],
          },
        ],
      }),
    );
    expect(imported.body.lines[0]!.match).toMatchObject({ request_id: request.id, confidence: 0.686 });
    const tooMuch = expectError(await confirm(sandbox.key, imported.body.id, 1), 422, 'invalid_amount');
    expect(tooMuch.remaining_amount).toBe(300);
    expectError(
      await confirm(sandbox.key, imported.body.id, 2, { request_id: request.id }),
      409,
      'invalid_state',
    );
    expectError(
      await confirm(sandbox.key, imported.body.id, 3, { request_id: request.id }),
      409,
      'invalid_state',
    );
    expect(await requestState(request.id)).toEqual({ status: 'funded', settled_amount: '0.00' });
  });

  it('confirms a line without a proposal against the request named; refuses without one', async () => {
    const request = await funded(sandbox, 'demo', [{ debtor: 'Aceites Sierra', amount: 999 }]);
    const imported = await upload(
      sandbox.key,
      camt053({
        version: 3,
        entries: [credit(99.01, { transactions: [{ debtor: 'Unknown', ustrd: [unique()] }] })],
      }),
    );
    expect(imported.body.lines[0]!.match).toBeNull();
    expectError(await confirm(sandbox.key, imported.body.id, 1), 422, 'body_invalid');
    expectError(await confirm(sandbox.key, imported.body.id, 1, { request_id: 'nope' }), 422, 'body_invalid');
    expectError(
      await confirm(sandbox.key, imported.body.id, 1, { request_id: '00000000-0000-4000-8000-000000000000' }),
      404,
      'not_found',
    );
    const done = await confirm(sandbox.key, imported.body.id, 1, { request_id: request.id });
    expect(done.status).toBe(200);
    expect(done.body.line.confirmation).toMatchObject({ request_id: request.id, invoice_number: null });
    expect(await requestState(request.id)).toEqual({ status: 'funded', settled_amount: '99.01' });
  });

  it('404 for an unknown statement or line, and another funder’s statement; sandbox_only for a live key', async () => {
    const imported = await upload(sandbox.key, camt53Small());
    expectError(await confirm(sandbox.key, imported.body.id, 99), 404, 'not_found');
    expectError(await confirm(sandbox.key, '00000000-0000-4000-8000-000000000000', 1), 404, 'not_found');
    expectError(await confirm(live.key, imported.body.id, 1), 403, 'sandbox_only');
    const readOnly = await service.given.key({ bankId: sandbox.bankId, scopes: ['requests:read'] });
    expectError(await confirm(readOnly.secret, imported.body.id, 1), 403, 'forbidden');
  });

  it('another funder’s statement and a statement of the other plane answer 404 by id, and stay unconfirmed', async () => {
    const otherSandbox = await roomyFunder('sandbox');
    const theirs = await upload(otherSandbox.key, camt53Small());
    expect(theirs.status).toBe(201);
    const liveOne = await upload(live.key, camt53Small());
    expect(liveOne.status).toBe(201);
    expectError(await confirm(sandbox.key, theirs.body.id, 1), 404, 'not_found');
    expectError(await confirm(sandbox.key, liveOne.body.id, 1), 404, 'not_found');
    for (const id of [theirs.body.id, liveOne.body.id]) {
      const read = await service.ops<Result>('GET', `/ops/v1/statements/${id}`);
      expect(read.body.lines[0]!.confirmation).toBeNull();
    }
  });

  it('the operations API confirms a live line; the same bank entry in an overlapping statement cannot be confirmed again', async () => {
    const request = await funded(live, 'live', [{ debtor: 'Conservas Ria', amount: 640 }]);
    const entry = credit(200, {
      ref: `OVL-${unique()}`,
      transactions: [{ debtor: 'Conservas Ria SL', ustrd: [request.ref] }],
    });
    const monday = await upload(
      live.key,
      camt053({ version: 2, statementId: `MON-${unique()}`, entries: [entry] }),
    );
    const week = await upload(
      live.key,
      camt053({
        version: 2,
        statementId: `WEEK-${unique()}`,
        entries: [entry, credit(1, { transactions: [{ ustrd: ['x'] }] })],
      }),
    );
    expect(week.body.lines[0]!.match?.request_id).toBe(request.id);

    const ok = await service.ops<{ settlement: Body }>(
      'POST',
      `/ops/v1/statements/${monday.body.id}/lines/1/confirm`,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.settlement).toMatchObject({ amount: 200, remaining_amount: 440, status: 'funded' });
    const twin = expectError(
      await service.ops('POST', `/ops/v1/statements/${week.body.id}/lines/1/confirm`, {}),
      409,
      'invalid_state',
    );
    expect(twin).toMatchObject({ statement_id: monday.body.id, line: 1 });

    const read = await service.ops<Result>('GET', `/ops/v1/statements/${monday.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.lines[0]!.confirmation).toMatchObject({
      request_id: request.id,
      request_ref: request.ref,
    });
    expect(await requestState(request.id)).toEqual({ status: 'funded', settled_amount: '200.00' });
  });
});

describe('the demonstration plane', () => {
  it('a reset clears the sandbox statements and their lines, and leaves the live ones', async () => {
    await upload(sandbox.key, camt53Small());
    const liveBefore = await statementCount(live.bankId);
    expect((await statementCount(sandbox.bankId)).statements).toBeGreaterThan(0);
    const reset = await service.ops('POST', '/ops/v1/demo/reset');
    expect(reset.status).toBe(200);
    expect(await statementCount(sandbox.bankId)).toEqual({ statements: 0, lines: 0 });
    expect(await statementCount(live.bankId)).toEqual(liveBefore);
  }, 180_000); // resets the demonstration plane: seconds on a loaded machine
});

/** A small, always different CAMT.053 file. */
function camt53Small(): string {
  return camt053({
    version: 8,
    statementId: `SMALL-${unique()}`,
    entries: [credit(12.34, { transactions: [{ debtor: 'Alguien SL', ustrd: [`nada ${unique()}`] }] })],
  });
}
