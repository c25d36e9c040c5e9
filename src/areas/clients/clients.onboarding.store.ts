import type { FunderScope, Plane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import {
  findScoped,
  type LockOption,
  lockClause,
  newestFirst,
  scopedChange,
  scopedCount,
  scopedList,
  scopedRow,
} from '../../platform/db/scoped.ts';
import { visibleToFunder } from '../requests/requests.module.ts';

// Onboarding links' SQL. Funder-facing functions take the caller's scope; a sandbox key's
// `keyId` narrows them to the links that key made.

export interface OnboardingRow {
  id: string;
  funder_id: string;
  plane: Plane;
  key_id: string | null;
  return_secret_sealed: string;
  company_vat: string;
  country: string;
  company_name: string;
  company_name_source: 'given' | 'own_records' | 'vat_service';
  contact_email: string;
  contact_name: string | null;
  return_url: string;
  metadata: Record<string, string | number | boolean | null>;
  locale: string;
  status: 'pending' | 'account_created' | 'completed' | 'revoked';
  created_at: Date;
  expires_at: Date;
  account_created_at: Date | null;
  completed_at: Date | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
  seller_id: string | null;
}

const COLUMNS = `id, funder_id, plane, key_id, return_secret_sealed, company_vat, country, company_name,
  company_name_source, contact_email, contact_name, return_url, metadata, locale, status, created_at,
  expires_at, account_created_at, completed_at, revoked_at, revoked_reason, seller_id`;
const ONBOARDING_LINKS = { table: 'onboarding_links', columns: COLUMNS };

export async function insertOnboardingLink(
  q: Queryable,
  scope: FunderScope,
  row: Omit<
    OnboardingRow,
    | 'funder_id'
    | 'plane'
    | 'status'
    | 'account_created_at'
    | 'completed_at'
    | 'revoked_at'
    | 'revoked_reason'
    | 'seller_id'
  > & { token_sha256: string },
): Promise<void> {
  await scopedCount(
    q,
    scope,
    `INSERT INTO onboarding_links (id, funder_id, plane, key_id, token_sha256, return_secret_sealed, company_vat,
        country, company_name, company_name_source, contact_email, contact_name, return_url, metadata, locale,
        created_at, expires_at)
     VALUES ($3, $1, $2, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
    [
      row.id,
      row.key_id,
      row.token_sha256,
      row.return_secret_sealed,
      row.company_vat,
      row.country,
      row.company_name,
      row.company_name_source,
      row.contact_email,
      row.contact_name,
      row.return_url,
      JSON.stringify(row.metadata),
      row.locale,
      row.created_at,
      row.expires_at,
    ],
  );
}

export function findOnboardingLink(
  q: Queryable,
  scope: FunderScope,
  id: string,
  keyId: string | null,
  options: LockOption = {},
): Promise<OnboardingRow | null> {
  return findScoped(q, ONBOARDING_LINKS, scope, id, { keyId, lock: options.lock });
}

export async function findOnboardingLinkForOps(
  q: Queryable,
  id: string,
  options: LockOption = {},
): Promise<OnboardingRow | null> {
  const { rows } = await q.query<OnboardingRow>(
    `SELECT ${COLUMNS} FROM onboarding_links WHERE id = $1${lockClause(options.lock)}`,
    [id],
  );
  return rows[0] ?? null;
}

/** The list's order: newest first. */
export const ONBOARDING_ORDER = newestFirst('onboarding-links');

export const listOnboardingLinks = scopedList<OnboardingRow>(ONBOARDING_LINKS, ONBOARDING_ORDER);

/** The link completed by the seller `sellerId` at `at` (its account made then, if not before). */
export const markOnboardingCompleted = scopedChange<[sellerId: string, at: Date]>(
  'onboarding_links',
  `status = 'completed', completed_at = $5, seller_id = $4,
            account_created_at = COALESCE(account_created_at, $5)`,
);

/** The supplier opened its account through a pending link: the link reads `account_created`. */
export const markAccountCreated = scopedChange<[at: Date]>(
  'onboarding_links',
  "status = 'account_created', account_created_at = $4",
  "status = 'pending'",
);

/** The funder revokes a link not yet completed: it takes no one any more. */
export const markOnboardingRevoked = scopedChange<[reason: string | null, at: Date]>(
  'onboarding_links',
  "status = 'revoked', revoked_at = $5, revoked_reason = $4",
  "status IN ('pending', 'account_created')",
);

/**
 * The name a company has in the service's own records, for a VAT number, and only where the
 * caller can already see that company on its plane: a seller that is its client, that has a
 * request visible to it, or that is in its seller limit book; a debtor of an invoice of a
 * request visible to it; else the name the funder itself gave the debtor in its debtor limit
 * book. Any other company is not named here, so the answer is the one for a company nobody
 * knows (docs/security.md).
 */
export async function ownRecordName(
  q: Queryable,
  scope: FunderScope,
  country: string,
  vat: string,
): Promise<string | null> {
  const row = await scopedRow<{ name: string }>(
    q,
    scope,
    `WITH visible_requests AS (
       SELECT r.id, r.seller_id FROM funding_requests_read r
        WHERE r.plane = $2 AND ${visibleToFunder('r', '$1')})
     SELECT s.name FROM sellers_read s
      WHERE s.plane = $2 AND s.country = $3
        AND upper(regexp_replace(s.tax_id, '[^A-Za-z0-9]', '', 'g')) IN ($4, $3 || $4)
        AND (s.id IN (SELECT c.seller_id FROM funder_clients c WHERE c.funder_id = $1 AND c.plane = $2)
             OR s.id IN (SELECT l.seller_id FROM seller_limits_read l WHERE l.funder_id = $1 AND l.plane = $2)
             OR s.id IN (SELECT v.seller_id FROM visible_requests v))
      UNION ALL
     SELECT d.name FROM debtors_read d
      WHERE d.plane = $2 AND d.country = $3
        AND upper(regexp_replace(d.tax_id, '[^A-Za-z0-9]', '', 'g')) IN ($4, $3 || $4)
        AND d.id IN (SELECT i.debtor_id FROM invoices_read i
                       JOIN request_invoices_read ri ON ri.invoice_id = i.id
                       JOIN visible_requests v ON v.id = ri.request_id)
      UNION ALL
     SELECT l.debtor_name FROM credit_limits_read l
      WHERE l.funder_id = $1 AND l.plane = $2 AND l.debtor_country = $3
        AND l.debtor_tax_id IN ($4, $3 || $4) AND l.debtor_name IS NOT NULL
      LIMIT 1`,
    [country, vat],
  );
  return row?.name ?? null;
}
