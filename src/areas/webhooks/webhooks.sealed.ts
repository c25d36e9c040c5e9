import { sealedColumn } from '../../platform/db/sealed-column.ts';
import type { SealedColumn } from '../../platform/sealed.ts';

/** The endpoints' signing secrets, sealed again by a rotation of the secrets key. */
export const webhooksSealed: readonly SealedColumn[] = [sealedColumn('webhook_secrets', 'sealed')];
