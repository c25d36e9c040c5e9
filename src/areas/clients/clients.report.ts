import { type FunderCaller, scopeOf } from '../../platform/caller.ts';
import { centsToEuros, toCents } from '../../platform/money.ts';
import * as store from './clients.report.store.ts';
import { type ClientsDeps, ownKeyOnly } from './clients.shared.ts';

interface ReportCompany {
  company_name: string;
  company_tax_id: string;
  country: string;
  arrived_at: string;
  joined_at: string | null;
  onboarded_at: string | null;
  requests: number;
  amount_requested: number;
  amount_funded: number;
}

type GroupKind = 'prescriber' | 'own_link' | 'named' | 'api';
const KIND_ORDER: GroupKind[] = ['prescriber', 'own_link', 'named', 'api'];

interface Sums {
  arrived: number;
  joined: number;
  onboarded: number;
  requests: number;
  requestedCents: number;
  fundedCents: number;
}

const empty = (): Sums => ({
  arrived: 0,
  joined: 0,
  onboarded: 0,
  requests: 0,
  requestedCents: 0,
  fundedCents: 0,
});

const counts = (sums: Sums) => ({
  arrived: sums.arrived,
  joined: sums.joined,
  onboarded: sums.onboarded,
  requests: sums.requests,
  amount_requested: centsToEuros(sums.requestedCents),
  amount_funded: centsToEuros(sums.fundedCents),
});

/**
 * The prescriber report: each company once, in the group of whoever brought it first, with
 * what became of it (joined, onboarded, requests and amounts the funder can see).
 */
export function createReport(deps: Pick<ClientsDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  return {
    async report(caller: FunderCaller) {
      const scope = scopeOf(caller);
      const [companies, prescribers] = await Promise.all([
        store.reportCompanies(db, scope, ownKeyOnly(caller)),
        store.reportPrescribers(db, scope),
      ]);
      const groups = new Map<
        string,
        { kind: GroupKind; prescriberId: string | null; sums: Sums; companies: ReportCompany[] }
      >();
      const groupOf = (kind: GroupKind, prescriberId: string | null) => {
        const key = `${kind}:${prescriberId ?? ''}`;
        let group = groups.get(key);
        if (!group) {
          group = { kind, prescriberId, sums: empty(), companies: [] };
          groups.set(key, group);
        }
        return group;
      };
      // Every prescriber has a group, even before its first company.
      for (const p of prescribers) groupOf('prescriber', p.id);
      const totals = empty();
      for (const row of companies) {
        const kind: GroupKind = row.prescriber_id ? 'prescriber' : row.via === 'link' ? 'own_link' : row.via;
        const group = groupOf(kind, row.prescriber_id);
        const requested = toCents(row.amount_requested) ?? 0;
        const funded = toCents(row.amount_funded) ?? 0;
        const onboardedAt = row.onboarded ? (row.onboarding_completed_at ?? row.joined_at) : null;
        for (const sums of [group.sums, totals]) {
          sums.arrived += 1;
          if (row.joined_at) sums.joined += 1;
          if (onboardedAt) sums.onboarded += 1;
          sums.requests += row.requests;
          sums.requestedCents += requested;
          sums.fundedCents += funded;
        }
        group.companies.push({
          company_name: row.company_name,
          company_tax_id: row.company_tax_id,
          country: row.country,
          arrived_at: row.arrived_at.toISOString(),
          joined_at: row.joined_at?.toISOString() ?? null,
          onboarded_at: onboardedAt?.toISOString() ?? null,
          requests: row.requests,
          amount_requested: centsToEuros(requested),
          amount_funded: centsToEuros(funded),
        });
      }
      const byId = new Map(prescribers.map((p) => [p.id, p]));
      const ordered = [...groups.values()].sort(
        (a, b) =>
          KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
          prescribers.findIndex((p) => p.id === a.prescriberId) -
            prescribers.findIndex((p) => p.id === b.prescriberId),
      );
      return {
        funder: { bank_id: caller.funderId, name: caller.funderName },
        plane: scope.plane,
        generated_at: clock.now().toISOString(),
        currency: 'EUR' as const,
        totals: counts(totals),
        groups: ordered.map((group) => {
          const prescriber = group.prescriberId ? byId.get(group.prescriberId) : undefined;
          return {
            kind: group.kind,
            ...(prescriber
              ? {
                  prescriber_id: prescriber.id,
                  name: prescriber.name,
                  active: prescriber.disabled_at === null,
                  since: prescriber.created_at.toISOString(),
                }
              : {}),
            ...counts(group.sums),
            companies: group.companies,
          };
        }),
      };
    },
  };
}

export type ReportService = ReturnType<typeof createReport>;
