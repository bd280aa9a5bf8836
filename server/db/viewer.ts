/**
 * Who is asking, for the visibility rules of CONVENTIONS "Who sees what" (visibility.ts) and the
 * entities' queries (entity.ts): a user's id and whether they are staff. A read request's viewer
 * also carries the tables' versions as the token check read them in the same round trip
 * (`versionsAtStart`): a list then spends no query on them, and the viewer's readable data
 * sources come from memory while the versions they depend on stay the same. The signed-in
 * user of a request (server/accounts/users.ts `CurrentUser`) is one.
 */
export interface Viewer {
  readonly id: number;
  readonly is_staff: boolean;
  readonly versionsAtStart?: Readonly<Record<string, string>>;
}
