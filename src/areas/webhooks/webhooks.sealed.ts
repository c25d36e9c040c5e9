import type { SealedColumn } from '../../platform/sealed.ts';
import { resealSecretForOps, sealedSecretsForOps } from './webhooks.store.ts';

/** The endpoints' signing secrets, sealed again by a rotation of the secrets key. */
export const webhooksSealed: readonly SealedColumn[] = [
  { table: 'webhook_secrets', column: 'sealed', values: sealedSecretsForOps, replace: resealSecretForOps },
];
