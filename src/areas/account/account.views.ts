import type { Environment } from '../../platform/caller.ts';
import type * as store from './account.store.ts';

export interface FunderView {
  bank_id: string;
  name: string;
  environment: Environment;
  status: 'active' | 'suspended';
  created_at: string;
}

export interface KeyView {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: string;
  expires_at: string | null;
  prospect: string | null;
}

export interface KeyAdminView extends KeyView {
  bank_id: string;
  revoked_at: string | null;
  rate_limit: { per_minute: number | null; per_hour: number | null };
  /** The operator that issued it; null when the service made it (or before migration 0067). */
  issued_by: string | null;
}

export const funderView = (row: store.FunderRow): FunderView => ({
  bank_id: row.id,
  name: row.name,
  environment: row.environment,
  status: row.status,
  created_at: row.created_at.toISOString(),
});

export const keyView = (row: store.KeyRow): KeyView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  created_at: row.created_at.toISOString(),
  expires_at: row.expires_at ? row.expires_at.toISOString() : null,
  prospect: row.prospect,
});

export const keyAdminView = (row: store.KeyRow): KeyAdminView => ({
  ...keyView(row),
  bank_id: row.funder_id,
  revoked_at: row.revoked_at ? row.revoked_at.toISOString() : null,
  rate_limit: { per_minute: row.rate_per_minute, per_hour: row.rate_per_hour },
  issued_by: row.issued_by,
});
