/**
 * A read that rides on the API key's statement (lib/http/authenticate.ts), for the hottest read of all (the status that integrators poll): it runs
 * only for a live key with the scope, scoped to the key's account, and comes back in the same round trip.
 * `sql(account, param)` is a scalar subquery; `account` is the key's account id column, `param` its one parameter.
 */
export type KeyRider = {
  name: string;
  value: string;
  /** SQL reading what the route needs, given the SQL expressions of the key's account, the value and the key's mode */
  sql: (account: string, param: string, mode: string) => string;
};
