import type { AreaDeps } from '../../platform/area-deps.ts';
import { type FunderCaller, type Plane, requirePlane } from '../../platform/caller.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { requireReason } from '../../platform/reasons.ts';
import { CONSENT_LEVELS, type ConsentLevel } from './settings.consent-levels.ts';
import { textLanguages } from './settings.declaration-texts.ts';
import * as store from './settings.store.ts';

export interface FunderPolicy {
  debtorConsentLevel: ConsentLevel;
  requireCounselApprovedTexts: boolean;
  listedBuyersOnly: boolean;
  offerValidityDays: number;
}

/** What a funder that never changed its settings gets. */
const DEFAULT_POLICY: FunderPolicy = {
  debtorConsentLevel: 'acknowledgment',
  requireCounselApprovedTexts: false,
  listedBuyersOnly: false,
  offerValidityDays: 7,
};

/**
 * SQL for the policy's `requireCounselApprovedTexts` of the funder `funder` on `plane` (each a
 * parameter or a column), as readPolicy gives it: for a read that compares it in its own statement.
 */
export const counselRequired = (funder: string, plane: string): string =>
  store.counselRequiredSql(funder, plane, DEFAULT_POLICY.requireCounselApprovedTexts);

export interface SettingsInput {
  debtor_consent_level?: ConsentLevel;
  require_counsel_approved_texts?: boolean;
  reason: string;
}

/**
 * A PUT /v1/settings body, its fields checked by its schema (settings.schemas.ts); left here is
 * that spaces alone are no reason.
 */
function parseSettingsBody(body: SettingsInput): SettingsInput {
  return { ...body, reason: requireReason(body.reason) };
}

/**
 * The policy a funder's settings give on a plane, read on `q` (a write's transaction, or the
 * database): the defaults for a funder that never changed them. It reads the database alone, so
 * the request lifecycle, made before the areas, is given it.
 */
export async function readPolicy(q: Queryable, funderId: string, plane: Plane): Promise<FunderPolicy> {
  const row = await store.findSettings(q, { funderId, plane });
  if (!row) return { ...DEFAULT_POLICY };
  return {
    debtorConsentLevel: row.debtor_consent_level,
    requireCounselApprovedTexts: row.require_counsel_approved_texts,
    listedBuyersOnly: row.listed_buyers_only,
    offerValidityDays: row.offer_validity_days,
  };
}

/**
 * The funder's own settings: the policy the other areas apply (the debtor's consent level, the
 * counsel-approved texts, listed buyers only, how long an offer stays valid), read and changed.
 */
export function createPolicy(deps: Pick<AreaDeps, 'db' | 'write'>) {
  const { db, write } = deps;

  const policy = readPolicy;

  async function settingsView(q: Queryable, funderId: string, plane: Plane | null) {
    const current = plane ? await policy(q, funderId, plane) : { ...DEFAULT_POLICY };
    return {
      debtor_consent_level: current.debtorConsentLevel,
      require_counsel_approved_texts: current.requireCounselApprovedTexts,
      listed_buyers_only: current.listedBuyersOnly,
      listed_buyers_count: plane ? await store.countListedBuyers(q, { funderId, plane }) : 0,
      offer_validity_days: current.offerValidityDays,
      open_requests_by_level: plane
        ? await store.openRequestsByLevel(q, { funderId, plane })
        : { receipt: 0, acknowledgment: 0, acceptance: 0 },
      declaration_text_languages: await textLanguages(q, current.requireCounselApprovedTexts),
    };
  }

  return {
    policy,

    /** GET /v1/settings; an unclassified funder sees the defaults. */
    async getSettings(caller: FunderCaller) {
      return settingsView(db, caller.funderId, caller.plane);
    },

    /** PUT /v1/settings: applies to requests routed from then on; each open request keeps its level. */
    async putSettings(caller: FunderCaller, body: SettingsInput) {
      const plane = requirePlane(caller);
      const input = parseSettingsBody(body);
      return write(caller, async ({ tx, now, evidence }) => {
        const before = await store.lockSettings(tx, { funderId: caller.funderId, plane }, now);
        const level = input.debtor_consent_level ?? before.debtor_consent_level;
        const counsel = input.require_counsel_approved_texts ?? before.require_counsel_approved_texts;
        const changed =
          level !== before.debtor_consent_level || counsel !== before.require_counsel_approved_texts;
        if (changed) {
          await store.updateSettings(
            tx,
            { funderId: caller.funderId, plane },
            { debtor_consent_level: level, require_counsel_approved_texts: counsel },
            now,
          );
          evidence({
            funderId: caller.funderId,
            plane,
            kind: 'settings.changed',
            subjectType: 'funder_settings',
            subjectId: caller.funderId,
            payload: {
              from: {
                debtor_consent_level: before.debtor_consent_level,
                require_counsel_approved_texts: before.require_counsel_approved_texts,
              },
              to: { debtor_consent_level: level, require_counsel_approved_texts: counsel },
              reason: input.reason,
            },
          });
        }
        const view = await settingsView(tx, caller.funderId, plane);
        const keep = CONSENT_LEVELS.filter((l) => l !== view.debtor_consent_level).reduce(
          (sum, l) => sum + view.open_requests_by_level[l],
          0,
        );
        return { ...view, changed, open_requests_keep_their_level: keep };
      });
    },
  };
}
