import type { Db } from '../../platform/db/db.ts';
import type { RunWrite } from '../../platform/write.ts';
import type { RequestLifecycle } from '../requests/requests.module.ts';
import { createAnnouncing } from './disclosure.announce.ts';
import { confidentialGates } from './disclosure.gates.ts';
import { createNotices } from './disclosure.notices.ts';
import { createPartyFacts } from './disclosure.parties.ts';

export type { AnnounceTrigger } from '../requests/requests.module.ts';
export { announceIn } from './disclosure.announce.ts';
export { prepareNoticeDocuments } from './disclosure.notices.ts';

export type DisclosureService = ReturnType<typeof createDisclosureService>;

/**
 * The disclosure of a request: its notices of assignment as prepared, announcing a
 * confidential request (by the funder or on a trigger), and the gates a confidential request
 * passes before funding. The request's status never changes here.
 */
export function createDisclosureService(deps: { db: Db; write: RunWrite; lifecycle: RequestLifecycle }) {
  return {
    ...createNotices(deps),
    ...createAnnouncing(deps),
    confidentialGates,
    ...createPartyFacts(deps),
  };
}
