import type { AreaDeps } from '../../platform/area-deps.ts';
import type { Caller, Plane } from '../../platform/caller.ts';
import { madridDate } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { toCents } from '../../platform/money.ts';
import type { WriteScope } from '../../platform/write.ts';
import { debtorKey, findDebtor, invalid, isoDate, NAME_MAX, oneOf, text } from '../parties/parties.module.ts';
import * as store from './debtor-info.store.ts';

const DEBTOR_LEVELS: readonly store.DebtorLevel[] = ['notice', 'account', 'books', 'buyer'];
const SCORE_GRADES: readonly store.ScoreGrade[] = ['A', 'B', 'C', 'D', 'E'];
const PAYMENT_PERIOD_SOURCES: readonly store.PaymentPeriodSource[] = ['dgal_pmp', 'hacienda_pmp'];

function instant(field: string, value: unknown, now: Date): Date {
  const at = typeof value === 'string' ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) invalid(field, `${field} must be a date-time.`);
  if (at > now) invalid(field, `${field} must not be in the future.`);
  return at;
}

/** Keeps the operations team's change to a debtor on the evidence chain (no funder's). */
function debtorEvidence(
  scope: WriteScope,
  debtor: { id: string; plane: Plane },
  kind: string,
  payload: Record<string, unknown>,
) {
  scope.evidence({
    funderId: null,
    plane: debtor.plane,
    kind,
    subjectType: 'debtor',
    subjectId: debtor.id,
    payload,
  });
}

async function requireDebtor(q: Queryable, id: string) {
  const debtor = await findDebtor(q, id);
  if (!debtor) throw new ApiError('not_found', 'Debtor was not found.');
  return debtor;
}

const scoreView = (row: store.ScoreRow | null) =>
  row && {
    grade: row.grade,
    score_100: row.score_100,
    computed_at: row.computed_at.toISOString(),
    model_version: row.model_version,
  };

const periodView = (row: store.PaymentPeriodRow | null) =>
  row && {
    days: Number(row.days),
    period_end: row.period_end,
    source: row.source,
    entity_name: row.entity_name,
  };

export interface ProfileInput {
  level: store.DebtorLevel;
  /** Absent: now when the level changes, else kept. */
  level_since?: string | null;
  shares_data: boolean;
  score?: { grade: string; score_100: number; computed_at: string; model_version: string };
}

export interface PaymentPeriodInput {
  days: number;
  period_end: string;
  source: store.PaymentPeriodSource;
  entity_name: string;
}

/**
 * Sets a debtor's level on the service and whether it shares its data, and records a new score
 * when one is given, inside the write.
 */
async function setDebtorProfileIn(scope: WriteScope, debtorId: string, input: ProfileInput) {
  const { tx, now } = scope;
  const debtor = await requireDebtor(tx, debtorId);
  const level = oneOf('level', input.level, DEBTOR_LEVELS);
  if (typeof input.shares_data !== 'boolean') invalid('shares_data', 'shares_data must be true or false.');
  const before = await store.findProfileForOperator(tx, debtor.id, { lock: true });
  let levelSince: Date | null;
  if (input.level_since === undefined) {
    levelSince = before && before.level === level ? before.level_since : now;
  } else {
    levelSince = input.level_since === null ? null : instant('level_since', input.level_since, now);
  }
  let score: store.ScoreRow | null = null;
  if (input.score !== undefined) {
    const raw = input.score as Record<string, unknown>;
    if (raw === null || typeof raw !== 'object') invalid('score', 'score must be an object.');
    const points = raw.score_100;
    if (typeof points !== 'number' || !Number.isInteger(points) || points < 0 || points > 100) {
      invalid('score/score_100', 'score_100 must be a whole number from 0 to 100.');
    }
    const model = raw.model_version;
    if (typeof model !== 'string' || model.trim().length === 0 || model.length > 64) {
      invalid('score/model_version', 'model_version must be 1 to 64 characters.');
    }
    score = {
      id: newId(),
      debtor_id: debtor.id,
      plane: debtor.plane,
      grade: oneOf('score/grade', raw.grade, SCORE_GRADES),
      score_100: points,
      model_version: model.trim(),
      computed_at: instant('score/computed_at', raw.computed_at, now),
      loaded_at: now,
    };
  }

  const changed =
    !before ||
    before.level !== level ||
    before.shares_data !== input.shares_data ||
    (before.level_since?.getTime() ?? null) !== (levelSince?.getTime() ?? null);
  const profile = changed
    ? await store.upsertProfileForOperator(tx, {
        debtor_id: debtor.id,
        plane: debtor.plane,
        level,
        level_since: levelSince,
        shares_data: input.shares_data,
        updated_at: now,
      })
    : before!;
  const key = debtorKey(debtor.country, debtor.tax_id);
  if (changed) {
    debtorEvidence(scope, debtor, 'debtor.profile_set', {
      debtor_key: key,
      level,
      level_since: levelSince?.toISOString() ?? null,
      shares_data: input.shares_data,
      previous: before && { level: before.level, shares_data: before.shares_data },
    });
  }
  if (score) {
    await store.upsertScoreForOperator(tx, score);
    debtorEvidence(scope, debtor, 'debtor.score_loaded', { debtor_key: key, ...scoreView(score) });
  }
  return {
    debtor_id: debtor.id,
    debtor_key: key,
    plane: debtor.plane,
    level: profile.level,
    level_since: profile.level_since?.toISOString() ?? null,
    shares_data: profile.shares_data,
    updated_at: profile.updated_at.toISOString(),
    score: scoreView(await store.latestScoreForOperator(tx, debtor.id)),
    changed,
  };
}

/** Records the payment period a public body published for one period, inside the write. */
async function setPublicPaymentPeriodIn(scope: WriteScope, debtorId: string, input: PaymentPeriodInput) {
  const { tx, now } = scope;
  const debtor = await requireDebtor(tx, debtorId);
  const days = input.days;
  if (typeof days !== 'number' || !Number.isFinite(days) || days < -30 || days > 3650) {
    invalid('days', 'days must be a number from -30 to 3650.');
  }
  // Exact to the hundredth, like an amount to the cent (0.29 is, 1.234 is not).
  if (toCents(days) === null) invalid('days', 'days must have at most two decimals.');
  const today = madridDate(now);
  const periodEnd = isoDate('period_end', input.period_end);
  if (periodEnd > today) invalid('period_end', `period_end must not be later than today (${today}).`);
  const source = oneOf('source', input.source, PAYMENT_PERIOD_SOURCES);
  const entityName = text('entity_name', input.entity_name, NAME_MAX);
  if (!debtor.is_public_body) {
    throw new ApiError('conflict', 'Only a public body publishes a payment period; this debtor is not one.');
  }
  const row: store.PaymentPeriodRow = {
    debtor_id: debtor.id,
    plane: debtor.plane,
    period_end: periodEnd,
    days: days.toFixed(2),
    source,
    entity_name: entityName,
    loaded_at: now,
  };
  await store.upsertPaymentPeriodForOperator(tx, row);
  const key = debtorKey(debtor.country, debtor.tax_id);
  debtorEvidence(scope, debtor, 'debtor.public_payment_period_set', { debtor_key: key, ...periodView(row) });
  return {
    debtor_id: debtor.id,
    debtor_key: key,
    public_payment_period: periodView(await store.latestPaymentPeriodForOperator(tx, debtor.id)),
  };
}

/** The operations team's loading of debtor data: a debtor's profile and score, a public body's period. */
export function createDebtorProfiles(deps: Pick<AreaDeps, 'write'>) {
  const { write } = deps;

  return {
    /** PUT /ops/v1/debtors/{id}/profile */
    setProfile(caller: Caller, debtorId: string, input: ProfileInput) {
      return write(caller, (scope) => setDebtorProfileIn(scope, debtorId, input));
    },

    /** PUT /ops/v1/debtors/{id}/public-payment-period */
    setPublicPaymentPeriod(caller: Caller, debtorId: string, input: PaymentPeriodInput) {
      return write(caller, (scope) => setPublicPaymentPeriodIn(scope, debtorId, input));
    },
  };
}
