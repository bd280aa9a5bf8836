// react-admin's hooks write back values they read (a list's selection registers its store key as
// it mounts, with a functional update that returns the same keys), and a store publishes every
// write: each subscriber of the key then renders again, on a list screen the whole list, for
// nothing. A write of the value the store already holds is dropped here (the store keeps JSON, so
// "the same" is the same JSON).
import type { Store } from 'react-admin';

export function quietStore(store: Store): Store {
  return {
    ...store,
    setItem(key, value) {
      if (JSON.stringify(value) === JSON.stringify(store.getItem(key))) return;
      store.setItem(key, value);
    },
  };
}
