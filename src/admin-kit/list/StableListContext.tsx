// react-admin's list controller hands its consumers a new context object whenever anything under it
// moves — react-query's bookkeeping of the same answer, the selection store's callbacks — and
// every consumer (the title, the filters, each row of the <DataTable>) renders again though nothing
// it shows changed: on the profiles screen, four whole renders after the first, each a long task
// of a phone's CPU. This re-provides the context, replaced only when a value in it changed; its
// functions are called through stable stand-ins that run the latest one (they are called, never shown).
import { type ReactNode, useRef } from 'react';
import { type ListControllerResult, ListContextProvider, useListContext } from 'react-admin';

type Fn = (...args: unknown[]) => unknown;

interface Kept {
  value: ListControllerResult;
  /** the latest value's functions, by key, as the stand-ins call them */
  latest: Record<string, Fn>;
  standIns: Record<string, Fn>;
}

/** `next` with its functions replaced by `kept`'s stand-ins (made for any new key). */
function withStandIns(next: ListControllerResult, kept: Pick<Kept, 'latest' | 'standIns'>): ListControllerResult {
  const out: Record<string, unknown> = { ...next };
  for (const [key, value] of Object.entries(next)) {
    if (typeof value !== 'function') continue;
    kept.latest[key] = value as Fn;
    kept.standIns[key] ??= (...args: unknown[]) => kept.latest[key](...args);
    out[key] = kept.standIns[key];
  }
  return out as unknown as ListControllerResult;
}

/** Whether `a` and `b` hold the same values (functions count as the same: they have stand-ins). */
function sameValues(a: ListControllerResult, b: ListControllerResult): boolean {
  const keysA = Object.keys(a) as (keyof ListControllerResult)[];
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.is(a[key], b[key]) || (typeof a[key] === 'function' && typeof b[key] === 'function'));
}

/** Rendered inside <ListBase>: the same list context to its children, replaced only when something in it changed. */
export function StableListContext({ children }: { children: ReactNode }) {
  const list = useListContext();
  const kept = useRef<Kept | null>(null);
  if (!kept.current) {
    const fresh = { latest: {}, standIns: {} };
    kept.current = { ...fresh, value: withStandIns(list, fresh) };
  } else if (!sameValues(kept.current.value, list)) {
    kept.current.value = withStandIns(list, kept.current);
  } else {
    for (const [key, value] of Object.entries(list)) if (typeof value === 'function') kept.current.latest[key] = value as Fn;
  }
  return <ListContextProvider value={kept.current.value}>{children}</ListContextProvider>;
}
