// SPEC §2: "List pages keep page, page_size, search and ordering in the address query string,
// with keys sorted" — react-admin keeps them as `?filter={…}&order=ASC&perPage=…&sort=…`. The list
// runs on react-admin's own parameters, kept in its store under the list's key
// (`disableSyncWithLocation`); this piece keeps that store and the address in step, both ways:
// a click on a header, the pager or the search box moves the store and then the address; a link,
// the back button or a typed address moves the address and then the store. Each move of one
// clears the page's selection (a selection belongs to the page it was made on).
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useListContext, useStore, useStoreContext } from 'react-admin';
import { type AddressListParams, fromListParams, readListQuery, toListParams, writeListQuery } from './addressQuery';
import type { AddressStyle } from './types';

export interface AddressOptions {
  resource: string;
  /** react-admin's store key of the list's parameters */
  storeKey: string;
  style: AddressStyle;
  /** the list's address keys beyond page, page_size, search and ordering */
  filterKeys: string[];
}

const canonical = (params: URLSearchParams) => params.toString();

/**
 * Puts the address's parameters in the store once, before the list first asks for data
 * (a useState initializer: the list's own store subscription does not exist yet).
 */
export function useSeedFromAddress({ resource, storeKey, style, filterKeys }: AddressOptions): void {
  const store = useStoreContext();
  // the address as it is (not useSearchParams, which also hands out a navigate function and so
  // renders its caller again whenever the routes above render: here, the whole list)
  const { search } = useLocation();
  const seeded = useRef(false);
  if (!seeded.current) {
    seeded.current = true;
    store.setItem(storeKey, toListParams(readListQuery(new URLSearchParams(search), style, filterKeys)));
    // react-admin's selection registers its own key under the resource's as the list mounts, in an
    // effect whose write renders the list again; registered before, that write is none (quietStore)
    const keysKey = `${resource}.selectedIds.storeKeys`;
    const keys = store.getItem<string[]>(keysKey) ?? [];
    if (!keys.includes(`${storeKey}.selectedIds`)) store.setItem(keysKey, [...keys, `${storeKey}.selectedIds`]);
  }
}

/** Rendered inside <ListBase>: keeps its parameters and the address in step. */
export function AddressSync({ storeKey, style, filterKeys }: AddressOptions) {
  const list = useListContext();
  const [searchParams, setSearchParams] = useSearchParams();
  const [, setStoredParams] = useStore<AddressListParams>(storeKey);
  const fromAddress = readListQuery(searchParams, style, filterKeys);
  const addressKey = canonical(writeListQuery(fromAddress, style));
  const fromList = fromListParams(list, filterKeys);
  const listKey = canonical(writeListQuery(fromList, style));
  // what each side looked like when last seen, and the addresses asked for that have not landed
  // yet (react-router applies a navigation later: meanwhile the old address must not look moved)
  const seenAddress = useRef(addressKey);
  const seenList = useRef(addressKey);
  const requested = useRef<string[]>([]);
  const { onUnselectItems } = list;

  // biome-ignore lint/correctness/useExhaustiveDependencies: fromAddress and fromList are described by their keys
  useEffect(() => {
    if (addressKey !== seenAddress.current) {
      seenAddress.current = addressKey;
      const ours = requested.current.indexOf(addressKey);
      if (ours >= 0) {
        requested.current.splice(0, ours + 1);
      } else {
        // moved from elsewhere: a link, the back button, a typed address
        requested.current = [];
        if (listKey !== addressKey) setStoredParams(toListParams(fromAddress));
        onUnselectItems();
        return;
      }
    }
    if (listKey !== seenList.current) {
      seenList.current = listKey;
      if (listKey !== addressKey) {
        requested.current.push(listKey);
        setSearchParams(writeListQuery(fromList, style));
      }
      onUnselectItems();
    }
  }, [addressKey, listKey, setStoredParams, setSearchParams, onUnselectItems, style]);

  // a selection left from an earlier visit is not this page's
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the list opens
  useEffect(() => onUnselectItems(), []);
  return null;
}
