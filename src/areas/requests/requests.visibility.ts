/**
 * The visibility rule as SQL, for queries of any area that must respect it: a request is
 * visible to a funder when routed to it now, or acted on by it (read only after re-routing).
 * The plane is checked by the caller's query. `request` is the alias of funding_requests,
 * `funder` the parameter holding the funder's id.
 */
export const visibleToFunder = (request: string, funder: string): string =>
  `(${request}.assigned_funder_id = ${funder} OR EXISTS (
      SELECT 1 FROM request_funders rf
       WHERE rf.request_id = ${request}.id AND rf.funder_id = ${funder} AND rf.acted_at IS NOT NULL))`;
