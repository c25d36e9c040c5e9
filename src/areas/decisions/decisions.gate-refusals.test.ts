import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drainJobs, type ExportView, getExport, unzipExport } from '../../../test/support/exports.ts';
import { startGiven } from '../../../test/support/service.ts';

const { service, given } = startGiven();

interface RefusalRow {
  request_id: string;
  plane: string;
  gates: string[];
  detail: { gates: { gate: string }[]; debtors: unknown[]; signals: unknown[] };
  actor: Record<string, string>;
  key_id: string | null;
  refused_at: Date;
}

const refusalsOf = async (requestId: string) =>
  (
    await service.db.query<RefusalRow>(
      'SELECT * FROM funding_gate_refusals WHERE request_id = $1 ORDER BY refused_at, id',
      [requestId],
    )
  ).rows;

describe('a fund decision refused at a gate', () => {
  it('is recorded in its own transaction: request, gates named, when, who, plane; the decision itself changes nothing', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder });
    const now = await given.now();
    const today = await given.today();
    const fund = () =>
      service.call<{ error: Record<string, unknown> }>(
        funder.key,
        'POST',
        `/v1/requests/${request.id}/decision`,
        {
          body: { decision: 'fund', value_date: today, reference: 'TRF-GATE-1' },
          headers: { 'idempotency-key': `gate-${request.id}` },
        },
      );
    const refused = await fund();
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('funding_gate_failed');
    expect(await given.statusOf(request)).toBe('approved');

    const [row, ...more] = await refusalsOf(request.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      plane: 'live',
      gates: ['debtor_acknowledgments'],
      key_id: funder.keyId,
      actor: { kind: 'funder_key', funder_id: funder.bankId, key_id: funder.keyId },
    });
    expect(row!.detail.gates).toEqual([{ gate: 'debtor_acknowledgments' }]);
    expect(row!.detail.debtors).toHaveLength(1);
    expect(row!.refused_at.getTime()).toBe(now.getTime());

    // The same call again with its Idempotency-Key answers the stored refusal: no second record.
    const replayed = await fund();
    expect(replayed.status).toBe(409);
    expect(await refusalsOf(request.id)).toHaveLength(1);
  });

  it('names the invoice-checks gate and the signal holding it, once per refused call', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder, debtorsAcknowledged: true });
    const signal = await given.riskSignal(request, { hard: true, code: 'credit_note_against_invoice' });
    for (const reference of ['TRF-GATE-2', 'TRF-GATE-3']) {
      const refused = await service.call(funder.key, 'POST', `/v1/requests/${request.id}/decision`, {
        body: { decision: 'fund', value_date: await given.today(), reference },
      });
      expect(refused.status).toBe(409);
    }
    const rows = await refusalsOf(request.id);
    expect(rows.map((r) => r.gates)).toEqual([['invoice_checks'], ['invoice_checks']]);
    expect(rows[0]!.detail.signals).toEqual([
      { id: signal, code: 'credit_note_against_invoice', severity: 'high' },
    ]);
  });

  it('is not recorded when the fund decision fails for another reason', async () => {
    const funder = await given.funder();
    const request = await given.approvedRequest({ funder, debtorsAcknowledged: true });
    const mismatch = await service.call(funder.key, 'POST', `/v1/requests/${request.id}/decision`, {
      body: { decision: 'fund', value_date: await given.today(), reference: 'TRF-GATE-4', amount: 1 },
    });
    expect(mismatch.status).toBe(409);
    expect(await refusalsOf(request.id)).toEqual([]);
  });

  it("is in the funder's export as gate_refusals.csv and .jsonl, and another funder's is not", async () => {
    const funder = await given.funder();
    const other = await given.funder();
    const request = await given.approvedRequest({ funder });
    const elsewhere = await given.approvedRequest({ funder: other });
    for (const [who, req] of [
      [funder, request],
      [other, elsewhere],
    ] as const) {
      const refused = await service.call(who.key, 'POST', `/v1/requests/${req.id}/decision`, {
        body: { decision: 'fund', value_date: await given.today(), reference: 'TRF-GATE-5' },
      });
      expect(refused.status).toBe(409);
    }
    const asked = await service.call<{ export: ExportView }>(funder.key, 'POST', '/v1/exports', { body: {} });
    expect(asked.status).toBe(202);
    await drainJobs(service);
    const ready = await getExport(service, funder.key, asked.body.export.id);
    expect(ready.status).toBe('ready');
    expect(ready.row_counts?.gate_refusals).toBe(1);
    const dir = await unzipExport(service, ready);
    const lines = (await readFile(join(dir, 'gate_refusals.jsonl'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(1);
    const [refusal] = await refusalsOf(request.id);
    expect(JSON.parse(lines[0]!)).toEqual({
      id: expect.any(String),
      request_id: request.id,
      plane: 'live',
      gates: ['debtor_acknowledgments'],
      detail: refusal!.detail,
      actor_kind: 'funder_key',
      key_id: funder.keyId,
      refused_at: refusal!.refused_at.toISOString(),
    });
    const csv = await readFile(join(dir, 'gate_refusals.csv'), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('id,request_id,plane,gates,detail,actor_kind,key_id,refused_at');
    expect(csv).toContain(request.id);
    expect(csv).not.toContain(elsewhere.id);
  });
});
