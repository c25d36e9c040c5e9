import { Type } from 'typebox';
import type { App } from '../../platform/http/app.ts';
import { IdParams, Timestamp, Uuid } from '../../platform/http/schemas.ts';
import {
  DebtorLevelSchema,
  DebtorScore,
  GradeSchema,
  PaymentPeriodSourceSchema,
  PublicPaymentPeriod,
} from './debtor-info.routes.ts';
import type { DebtorInfoService } from './debtor-info.service.ts';

const ProfileBody = Type.Object(
  {
    level: DebtorLevelSchema,
    level_since: Type.Optional(Type.Union([Timestamp, Type.Null()])),
    shares_data: Type.Boolean(),
    score: Type.Optional(
      Type.Object(
        {
          grade: GradeSchema,
          score_100: Type.Integer({ minimum: 0, maximum: 100 }),
          computed_at: Timestamp,
          model_version: Type.String({ minLength: 1, maxLength: 64 }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

const ProfileAnswer = Type.Object({
  debtor_id: Uuid,
  debtor_key: Type.String(),
  plane: Type.String(),
  level: DebtorLevelSchema,
  level_since: Type.Union([Timestamp, Type.Null()]),
  shares_data: Type.Boolean(),
  updated_at: Timestamp,
  score: Type.Union([DebtorScore, Type.Null()]),
  changed: Type.Boolean(),
});

const PaymentPeriodBody = Type.Object(
  {
    days: Type.Number({ minimum: -30, maximum: 3650 }),
    period_end: Type.String({ format: 'date' }),
    source: PaymentPeriodSourceSchema,
    entity_name: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

const PaymentPeriodAnswer = Type.Object({
  debtor_id: Uuid,
  debtor_key: Type.String(),
  public_payment_period: Type.Union([PublicPaymentPeriod, Type.Null()]),
});

/** The operations team loads what the service knows about a debtor: /ops/v1/debtors/{id}/... */
export function debtorInfoOpsRoutes(deps: { debtorInfo: DebtorInfoService }) {
  const { debtorInfo } = deps;
  return (app: App) => {
    const ops = { config: { auth: 'ops' as const } };

    app.put(
      '/ops/v1/debtors/:id/profile',
      { ...ops, schema: { params: IdParams, body: ProfileBody, response: { 200: ProfileAnswer } } },
      async (request) => debtorInfo.setProfile(request.operator!, request.params.id, request.body),
    );

    app.put(
      '/ops/v1/debtors/:id/public-payment-period',
      {
        ...ops,
        schema: { params: IdParams, body: PaymentPeriodBody, response: { 200: PaymentPeriodAnswer } },
      },
      async (request) =>
        debtorInfo.setPublicPaymentPeriod(request.operator!, request.params.id, request.body),
    );
  };
}
