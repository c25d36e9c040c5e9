import type * as store from './clients.invitations.store.ts';

/** An invitation as the API shows it: a pending one past its date reads as expired. */
export function invitationView(row: store.InvitationRow, now: Date) {
  const expired = row.state === 'pending' && row.expires_at.getTime() <= now.getTime();
  return {
    id: row.id,
    via: row.via,
    state: expired ? ('expired' as const) : row.state,
    prescriber_id: row.prescriber_id,
    client_link_id: row.link_id,
    company: { name: row.company_name, tax_id: row.tax_id, country: row.country },
    contact: { email: row.email },
    seller_id: row.seller_id,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    accepted_at: row.accepted_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    revoked_reason: row.revoked_reason,
  };
}
