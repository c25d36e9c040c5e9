import { sealedColumn } from '../../platform/db/sealed-column.ts';
import type { SealedColumn } from '../../platform/sealed.ts';

/** The onboarding links' return secrets, sealed again by a rotation of the secrets key. */
export const clientsSealed: readonly SealedColumn[] = [
  sealedColumn('onboarding_links', 'return_secret_sealed'),
];
