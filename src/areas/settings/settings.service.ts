import { type Caller, type FunderCaller, type Plane, requirePlane } from '../../platform/caller.ts';
import { canonicalJson } from '../../platform/canonical-json.ts';
import type { Clock } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import type { RunWrite } from '../../platform/write.ts';
import { normalizeTaxId } from '../parties/parties.module.ts';
import { CONSENT_LEVELS, type ConsentLevel } from './settings.consent-levels.ts';
import { createRequiredDocuments } from './settings.required-documents.ts';
import * as store from './settings.store.ts';

export type { ConsentLevel } from './settings.consent-levels.ts';
export { levelAtLeast } from './settings.consent-levels.ts';

export interface FunderPolicy {
  debtorConsentLevel: ConsentLevel;
  requireCounselApprovedTexts: boolean;
  listedBuyersOnly: boolean;
  offerValidityDays: number;
}

/** What a funder that never changed its settings gets. */
export const DEFAULT_POLICY: FunderPolicy = {
  debtorConsentLevel: 'acknowledgment',
  requireCounselApprovedTexts: false,
  listedBuyersOnly: false,
  offerValidityDays: 7,
};

export const REASON_MIN = 8;
export const REASON_MAX = 1000;

/** The language a notice under each governing law is written in when none is asked for. */
const LOCAL_LANGUAGE: Record<string, string> = {
  ES: 'es',
  PT: 'pt',
  FR: 'fr',
  IT: 'it',
  DE: 'de',
  AT: 'de',
  NL: 'nl',
  BE: 'nl',
  LU: 'fr',
  IE: 'en',
  GB: 'en',
};

export interface SettingsInput {
  debtor_consent_level?: ConsentLevel;
  require_counsel_approved_texts?: boolean;
  reason: string;
}

/**
 * A PUT /v1/settings body, its fields checked by its schema (settings.schemas.ts); left here is
 * that spaces alone are no reason.
 */
export function parseSettingsBody(body: SettingsInput): SettingsInput {
  const trimmed = body.reason.trim();
  if (trimmed.length < REASON_MIN) {
    // The catalogue gives reason_required 400 (a decline without reason); here the spec says 422.
    throw new ApiError(
      'reason_required',
      `A reason of ${REASON_MIN} to ${REASON_MAX} characters is required.`,
      {
        status: 422,
        extra: { field: 'reason' },
      },
    );
  }
  return { ...body, reason: trimmed };
}

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService(deps: { db: Db; clock: Clock; write: RunWrite }) {
  const { db, write } = deps;
  const requiredDocuments = createRequiredDocuments({ write });

  async function policy(q: Queryable, funderId: string, plane: Plane): Promise<FunderPolicy> {
    const row = await store.findSettings(q, { funderId, plane });
    if (!row) return { ...DEFAULT_POLICY };
    return {
      debtorConsentLevel: row.debtor_consent_level,
      requireCounselApprovedTexts: row.require_counsel_approved_texts,
      listedBuyersOnly: row.listed_buyers_only,
      offerValidityDays: row.offer_validity_days,
    };
  }

  /** Per governing law, the languages each level has a text in (only approved ones if asked). */
  async function textLanguages(q: Queryable, approvedOnly: boolean) {
    const byLaw = new Map<string, Record<ConsentLevel, string[]>>();
    for (const text of await store.latestDeclarationTexts(q)) {
      let levels = byLaw.get(text.governing_law);
      if (!levels) {
        levels = { receipt: [], acknowledgment: [], acceptance: [] };
        byLaw.set(text.governing_law, levels);
      }
      if (approvedOnly && !text.counsel_approved) continue;
      levels[text.level].push(text.language);
    }
    return [...byLaw.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([law, levels]) => ({
        governing_law: law,
        levels: {
          receipt: [...levels.receipt].sort(),
          acknowledgment: [...levels.acknowledgment].sort(),
          acceptance: [...levels.acceptance].sort(),
        },
      }));
  }

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

    async listedBuyers(q: Queryable, funderId: string, plane: Plane) {
      return store.listedBuyers(q, { funderId, plane });
    },

    requiredCodes: requiredDocuments.requiredCodes,

    /**
     * The declaration text a debtor signs for a level under a governing law: a counsel-approved
     * text first, then the law's own language, then English. With `language`, only that
     * language. Null when there is none.
     */
    async declarationText(
      q: Queryable,
      input: { governingLaw: string; level: ConsentLevel; language?: string },
    ): Promise<{ id: string; body: string; counsel_approved: boolean; language: string } | null> {
      const law = input.governingLaw.toUpperCase();
      const local = LOCAL_LANGUAGE[law] ?? 'en';
      const texts = (await store.latestDeclarationTexts(q, { governingLaw: law, level: input.level })).filter(
        (text) => input.language === undefined || text.language === input.language,
      );
      const rank = (text: store.DeclarationTextRow) =>
        (text.counsel_approved ? 0 : 4) + (text.language === local ? 0 : text.language === 'en' ? 1 : 2);
      const best = [...texts].sort((a, b) => rank(a) - rank(b) || a.language.localeCompare(b.language))[0];
      return best
        ? { id: best.id, body: best.body, counsel_approved: best.counsel_approved, language: best.language }
        : null;
    },

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

    getRequiredDocuments: (caller: FunderCaller) => requiredDocuments.getRequiredDocuments(db, caller),
    putRequiredDocuments: requiredDocuments.putRequiredDocuments,

    /**
     * Operations API: whether the funder takes listed buyers only on a plane, and the list
     * (replaced whole). Tax ids are kept upper case without spaces, dots, dashes or slashes.
     */
    async setListedBuyers(
      caller: Caller,
      bankId: string,
      plane: Plane,
      input: { listed_buyers_only: boolean; buyers: { country: string; tax_id: string }[] },
    ) {
      if (plane !== 'live' && plane !== 'demo')
        throw new ApiError('body_invalid', 'plane must be live or demo.');
      const seen = new Set<string>();
      const buyers: { country: string; tax_id: string }[] = [];
      input.buyers.forEach((buyer, i) => {
        const country = typeof buyer.country === 'string' ? buyer.country.trim().toUpperCase() : '';
        const taxId = typeof buyer.tax_id === 'string' ? normalizeTaxId(buyer.tax_id) : '';
        if (!/^[A-Z]{2}$/.test(country)) {
          throw new ApiError('body_invalid', `buyers[${i}].country must be two letters.`, {
            extra: {
              field: `buyers[${i}].country`,
            },
          });
        }
        if (taxId.length === 0 || taxId.length > 64) {
          throw new ApiError('body_invalid', `buyers[${i}].tax_id must be 1 to 64 characters.`, {
            extra: {
              field: `buyers[${i}].tax_id`,
            },
          });
        }
        const key = `${country}:${taxId}`;
        if (seen.has(key)) return;
        seen.add(key);
        buyers.push({ country, tax_id: taxId });
      });
      buyers.sort((a, b) => (a.country + a.tax_id < b.country + b.tax_id ? -1 : 1));

      return write(caller, async ({ tx, now, evidence }) => {
        if (!(await store.funderExistsForOperator(tx, bankId)))
          throw new ApiError('not_found', 'Funder was not found.');
        const before = await store.lockSettings(tx, { funderId: bankId, plane }, now);
        const beforeBuyers = await store.listedBuyers(tx, { funderId: bankId, plane });
        const sameList =
          beforeBuyers.length === buyers.length &&
          beforeBuyers.every((b) => seen.has(`${b.country}:${b.tax_id}`));
        const changed = !sameList || before.listed_buyers_only !== input.listed_buyers_only;
        if (changed) {
          await store.updateSettings(
            tx,
            { funderId: bankId, plane },
            { listed_buyers_only: input.listed_buyers_only },
            now,
          );
          if (!sameList) await store.replaceListedBuyers(tx, { funderId: bankId, plane }, buyers, now);
          evidence({
            funderId: bankId,
            plane,
            kind: 'settings.listed_buyers_changed',
            subjectType: 'funder_settings',
            subjectId: bankId,
            payload: {
              from: { listed_buyers_only: before.listed_buyers_only, buyers: beforeBuyers.length },
              to: { listed_buyers_only: input.listed_buyers_only, buyers: buyers.length },
              buyers_sha256: sha256Hex(canonicalJson(buyers)),
            },
          });
        }
        return {
          bank_id: bankId,
          plane,
          listed_buyers_only: input.listed_buyers_only,
          buyers,
          changed,
        };
      });
    },
  };
}
