import { ApiError } from '../../platform/errors.ts';
import type * as store from './clients.onboarding.store.ts';

export type Status = 'pending' | 'account_created' | 'completed' | 'expired' | 'revoked';

export function notOpen(status: Status, what: string): never {
  throw new ApiError('onboarding_not_open', `This onboarding link is ${status}: ${what}.`, {
    extra: { status },
  });
}

export function statusOf(row: store.OnboardingRow, now: Date): Status {
  const open = row.status === 'pending' || row.status === 'account_created';
  return open && row.expires_at.getTime() <= now.getTime() ? 'expired' : row.status;
}

export function onboardingView(row: store.OnboardingRow, now: Date) {
  return {
    id: row.id,
    status: statusOf(row, now),
    company_name: row.company_name,
    company_name_source: row.company_name_source,
    company_vat: row.company_vat,
    country: row.country,
    contact_email: row.contact_email,
    contact_name: row.contact_name,
    return_url: row.return_url,
    metadata: row.metadata,
    locale: row.locale,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    account_created_at: row.account_created_at?.toISOString() ?? null,
    completed_at: row.completed_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    revoked_reason: row.revoked_reason,
    seller_id: row.seller_id,
  };
}
