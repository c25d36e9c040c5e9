import { type FunderCaller, type Plane, scopeOf } from '../../platform/caller.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import * as store from './programme.store.ts';
import { effectiveTerms } from './programme.terms.ts';
import { programmeView } from './programme.view.ts';

/** The funder's programme as it reads it, and the terms a request takes when routed. */
export function createProgrammeReading(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** GET /v1/programme; an unclassified funder sees the service's default and nothing else. */
    async getProgramme(caller: FunderCaller) {
      return programmeView(db, caller, caller.plane ? scopeOf(caller) : null);
    },

    /** The terms a request takes when routed to a funder (operations side, inside its write). */
    async termsForRouting(q: Queryable, funderId: string, plane: Plane, sellerId: string) {
      const found = await store.termsForRoutingForOps(q, funderId, plane, sellerId);
      return effectiveTerms(found.defaults, found.own);
    },
  };
}
