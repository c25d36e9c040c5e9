import type { Static } from 'typebox';
import { type FunderCaller, type OperatorCaller, scopeOf } from '../../platform/caller.ts';
import { canonicalJson } from '../../platform/canonical-json.ts';
import type { Clock } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { amountCents, centsToDecimal } from '../../platform/money.ts';
import { requireReason } from '../../platform/reasons.ts';
import type { RunWrite } from '../../platform/write.ts';
import { normalizeTaxId } from '../parties/parties.module.ts';
import { LOOKUP_MAX, type RegistryInvoice, type RegistryLookupBody } from './registry.schemas.ts';
import * as store from './registry.store.ts';

/** The days the status's recent counts cover. */
const RECENT_DAYS = 30;

/** Greece's VAT numbers carry EL, not its ISO code. */
const VAT_PREFIX: Record<string, string> = { GR: 'EL' };

/**
 * A tax number as the registry compares it: the parties' normal form, without the country's VAT
 * prefix when the caller wrote the number in its VAT form ("ESB12345678" for ES "B12345678").
 */
function registryTaxId(country: string, taxId: string): string {
  const normal = normalizeTaxId(taxId);
  const prefix = VAT_PREFIX[country] ?? country;
  return normal.startsWith(prefix) && normal.length > prefix.length + 1
    ? normal.slice(prefix.length)
    : normal;
}

function question(invoice: Static<typeof RegistryInvoice>): store.RegistryQuestion {
  const sellerCountry = invoice.seller.country.toUpperCase();
  const debtorCountry = invoice.debtor.country.toUpperCase();
  return {
    sellerCountry,
    sellerTaxId: registryTaxId(sellerCountry, invoice.seller.tax_id),
    debtorCountry,
    debtorTaxId: registryTaxId(debtorCountry, invoice.debtor.tax_id),
    number: invoice.number.toUpperCase().replace(/[\s./-]+/g, ''),
    issueDate: invoice.issue_date ?? null,
    amount: invoice.amount === undefined ? null : centsToDecimal(amountCents(invoice.amount)!),
  };
}

function countsView(c: store.LookupCounts) {
  return {
    lookups: c.lookups,
    invoices: c.invoices,
    assigned: c.assigned,
    last_lookup_at: c.last_lookup_at?.toISOString() ?? null,
  };
}

export type RegistryService = ReturnType<typeof createRegistryService>;

/**
 * The assignment registry: a yes or no per invoice, whether it is assigned to a funder of the
 * service now, never to whom. Open on the demonstration plane; on the live plane once the
 * operations team opens it. Every look-up is counted and kept on the evidence chain by the
 * SHA-256 of what was asked.
 */
export function createRegistryService(deps: { db: Db; clock: Clock; write: RunWrite }) {
  const { db, clock, write } = deps;

  async function isOpen(q: Queryable, caller: FunderCaller) {
    const scope = scopeOf(caller);
    if (scope.plane === 'demo') return true;
    return (await store.planeState(q, scope))?.open ?? false;
  }

  return {
    async status(caller: FunderCaller) {
      const scope = scopeOf(caller);
      const since = new Date(clock.now().getTime() - RECENT_DAYS * 86_400_000);
      const counts = await store.lookupCounts(db, scope, since);
      return {
        status: (await isOpen(db, caller)) ? ('open' as const) : ('closed' as const),
        environment: scope.plane === 'live' ? ('live' as const) : ('sandbox' as const),
        max_invoices_per_lookup: LOOKUP_MAX,
        your_lookups: { total: countsView(counts.total), last_30_days: countsView(counts.recent) },
      };
    },

    async lookup(caller: FunderCaller, body: Static<typeof RegistryLookupBody>) {
      const scope = scopeOf(caller);
      const questions = body.invoices.map(question);
      const querySha256 = sha256Hex(canonicalJson(questions));
      return write(caller, async ({ tx, now, evidence }) => {
        if (!(await isOpen(tx, caller))) {
          throw new ApiError(
            'registry_not_open',
            'The assignment registry is not open on the live plane yet; it answers on the sandbox.',
          );
        }
        const answers = await store.assignedAnswers(tx, questions);
        const assigned = answers.filter(Boolean).length;
        const id = newId();
        await store.insertLookup(tx, scope, {
          id,
          keyId: caller.keyId,
          invoices: questions.length,
          assigned,
          querySha256,
          at: now,
        });
        evidence({
          funderId: scope.funderId,
          plane: scope.plane,
          kind: 'registry.lookup',
          subjectType: 'registry_lookup',
          subjectId: id,
          payload: { invoices: questions.length, assigned, query_sha256: querySha256 },
        });
        return {
          lookup_id: id,
          checked_at: now.toISOString(),
          count: questions.length,
          assigned_count: assigned,
          query_sha256: querySha256,
          results: answers.map((a, index) => ({
            index,
            ref: body.invoices[index]!.ref ?? null,
            assigned: a,
          })),
        };
      });
    },

    /** The live registry's state and who looked up how much, for the operations team. */
    async opsState() {
      const row = await store.planeStateForOps(db, 'live');
      return opsView(row, false, await store.lookupCountsByFunderForOps(db, 'live'));
    },

    /** Opens or closes the live registry; the same state again changes nothing. */
    async setOpen(operator: OperatorCaller, open: boolean, reason: string) {
      const trimmed = requireReason(reason);
      const { row, changed } = await write(operator, async ({ tx, now, evidence }) => {
        const before = await store.planeStateForOps(tx, 'live', true);
        if ((before?.open ?? false) === open) return { row: before, changed: false };
        const after = await store.setPlaneStateForOps(tx, 'live', open, trimmed, now);
        evidence({
          funderId: null,
          plane: 'live',
          kind: open ? 'registry.opened' : 'registry.closed',
          subjectType: 'registry',
          subjectId: 'live',
          payload: { reason: trimmed },
        });
        return { row: after, changed: true };
      });
      return opsView(row, changed, await store.lookupCountsByFunderForOps(db, 'live'));
    },
  };
}

function opsView(
  row: store.RegistryPlaneRow | null,
  changed: boolean,
  counts: Awaited<ReturnType<typeof store.lookupCountsByFunderForOps>>,
) {
  return {
    plane: 'live' as const,
    status: row?.open ? ('open' as const) : ('closed' as const),
    changed,
    reason: row?.reason ?? null,
    changed_at: row?.changed_at.toISOString() ?? null,
    lookups_by_funder: counts.map(({ funder_id, ...c }) => ({ bank_id: funder_id, ...countsView(c) })),
  };
}
