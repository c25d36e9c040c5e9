import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/db.ts';
import type { RunWrite } from '../../platform/write.ts';

/** What the webhooks service is built from; each subject takes the part it uses. */
export interface WebhooksDeps {
  db: Db;
  clock: Clock;
  write: RunWrite;
  secrets: SecretBox;
  allowLoopback: boolean;
}
