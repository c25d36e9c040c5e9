import { type FunderCaller, type Plane, requirePlane, scopeOf } from '../../platform/caller.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import type { RunWrite } from '../../platform/write.ts';
import { changeProgrammeIn, type ProgrammeBody } from './programme.change.ts';
import * as store from './programme.store.ts';
import { effectiveTerms } from './programme.terms.ts';
import { programmeView } from './programme.view.ts';

export type { ProgrammeBody } from './programme.change.ts';

export type ProgrammeService = ReturnType<typeof createProgrammeService>;

/**
 * The funder's programme: its default terms, the companies it can set terms for (with their
 * own terms), the requests routed to it counted by terms and status, and changes to all that.
 * A change applies to requests routed from then on; a routed request keeps the terms it took.
 */
export function createProgrammeService(deps: { db: Db; write: RunWrite }) {
  const { db, write } = deps;

  return {
    /** GET /v1/programme; an unclassified funder sees the service's default and nothing else. */
    async getProgramme(caller: FunderCaller) {
      return programmeView(db, caller, caller.plane ? scopeOf(caller) : null);
    },

    /** PUT /v1/programme */
    async putProgramme(caller: FunderCaller, body: ProgrammeBody) {
      requirePlane(caller);
      return write(caller, (ws) => changeProgrammeIn(ws, scopeOf(caller), body));
    },

    /**
     * A sandbox helper sets a company's own terms before routing its first request, inside its
     * write (`newCompany`: the company has no request routed yet).
     */
    changeIn: changeProgrammeIn,

    /** The terms a request takes when routed to a funder (operations side, inside its write). */
    async termsForRouting(q: Queryable, funderId: string, plane: Plane, sellerId: string) {
      const found = await store.termsForRoutingForOps(q, funderId, plane, sellerId);
      return effectiveTerms(found.defaults, found.own);
    },
  };
}
