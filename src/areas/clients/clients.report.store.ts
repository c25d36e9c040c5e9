import type { FunderScope } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { scopedRows } from '../../platform/db/scoped.ts';
import { visibleToFunder } from '../requests/requests.module.ts';

export interface ReportCompanyRow {
  via: 'link' | 'named' | 'api';
  prescriber_id: string | null;
  company_name: string;
  company_tax_id: string;
  country: string;
  arrived_at: Date;
  joined_at: Date | null;
  onboarded: boolean;
  onboarding_completed_at: Date | null;
  requests: number;
  amount_requested: string;
  amount_funded: string;
}

/**
 * Every company that arrived at the funder, once, with whoever brought it first (the arrival
 * row is unique per company), when it joined, whether its verification is approved, and the
 * requests of it the funder can see with their amounts (numeric text, euros).
 */
export function reportCompanies(q: Queryable, scope: FunderScope, keyId: string | null) {
  return scopedRows<ReportCompanyRow>(
    q,
    scope,
    `WITH companies AS (
       SELECT a.*,
              (SELECT min(i.accepted_at) FROM client_invitations i
                WHERE i.arrival_id = a.id AND i.state = 'accepted') AS invitation_joined_at,
              COALESCE(
                (SELECT i.seller_id FROM client_invitations i
                  WHERE i.arrival_id = a.id AND i.seller_id IS NOT NULL ORDER BY i.accepted_at LIMIT 1),
                (SELECT c.seller_id FROM funder_clients c WHERE c.arrival_id = a.id LIMIT 1)) AS seller_id,
              (SELECT min(c.joined_at) FROM funder_clients c WHERE c.arrival_id = a.id) AS client_joined_at,
              (SELECT min(o.completed_at) FROM onboarding_links o
                WHERE o.funder_id = a.funder_id AND o.plane = a.plane AND o.seller_id IS NOT NULL
                  AND o.country = a.country AND o.company_vat = a.tax_id) AS onboarding_completed_at
         FROM client_arrivals a
        WHERE a.funder_id = $1 AND a.plane = $2 AND ($3::uuid IS NULL OR a.key_id = $3::uuid)
     )
     SELECT c.via, c.prescriber_id, c.company_name, c.tax_id AS company_tax_id, c.country, c.arrived_at,
            CASE WHEN c.invitation_joined_at IS NULL THEN c.client_joined_at
                 WHEN c.client_joined_at IS NULL THEN c.invitation_joined_at
                 ELSE LEAST(c.invitation_joined_at, c.client_joined_at) END AS joined_at,
            COALESCE(s.verification_status = 'approved', false) AS onboarded,
            c.onboarding_completed_at,
            COALESCE(r.requests, 0)::int AS requests,
            COALESCE(r.amount_requested, 0)::text AS amount_requested,
            COALESCE(r.amount_funded, 0)::text AS amount_funded
       FROM companies c
       LEFT JOIN sellers_read s ON s.id = c.seller_id
       LEFT JOIN LATERAL (
         SELECT count(*) AS requests, sum(fr.total_amount) AS amount_requested,
                sum(CASE WHEN fr.status IN ('funded', 'settled')
                         THEN COALESCE(fr.funded_amount, fr.advance_amount, fr.total_amount) ELSE 0 END)
                  AS amount_funded
           FROM funding_requests_read fr
          WHERE fr.seller_id = c.seller_id AND fr.plane = $2 AND ${visibleToFunder('fr', '$1')}
       ) r ON true
      ORDER BY c.arrived_at, c.tax_id`,
    [keyId],
  );
}

export interface ReportPrescriberRow {
  id: string;
  name: string;
  created_at: Date;
  disabled_at: Date | null;
}

export function reportPrescribers(q: Queryable, scope: FunderScope) {
  return scopedRows<ReportPrescriberRow>(
    q,
    scope,
    `SELECT id, name, created_at, disabled_at FROM prescribers
      WHERE funder_id = $1 AND plane = $2 ORDER BY (disabled_at IS NULL) DESC, created_at, id`,
  );
}
