import type { SealedColumn } from '../../platform/sealed.ts';
import { resealReturnSecretForOps, sealedReturnSecretsForOps } from './clients.onboarding.store.ts';

/** The onboarding links' return secrets, sealed again by a rotation of the secrets key. */
export const clientsSealed: readonly SealedColumn[] = [
  {
    table: 'onboarding_links',
    column: 'return_secret_sealed',
    values: sealedReturnSecretsForOps,
    replace: resealReturnSecretForOps,
  },
];
