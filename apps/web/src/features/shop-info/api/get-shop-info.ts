import { isShopInfo, type ShopInfo } from '@shop/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { embeddedAnswer, savingAnswer, useCatalogueQuery } from '../../saved-catalogue';

// The shop's own details (name, phone, WhatsApp, email, address, map link, opening hours), as the
// owner set them in the admin's Settings tab (decision 025). Every page that names the shop or how
// to reach it reads them here: never from a constant in the source.

export const shopInfoQueryKey = ['shop-info'] as const;

/** The answer when it is a whole ShopInfo; anything else is refused (the query fetches instead). */
export function acceptShopInfo(answer: unknown): ShopInfo | undefined {
  return isShopInfo(answer) ? answer : undefined;
}

export async function getShopInfo(signal?: AbortSignal): Promise<ShopInfo> {
  const info = acceptShopInfo(await api.get<unknown>('/api/settings', { signal }));
  // An answer that is not a whole ShopInfo (a proxy's page, an older server) is a failed read:
  // the saved copy, or no details, rather than a page that breaks on a missing number.
  if (!info) throw new Error('GET /api/settings did not answer the shop details');
  return info;
}

export const shopInfoQueryOptions = () =>
  queryOptions({
    queryKey: shopInfoQueryKey,
    // Saved in this browser as the catalogue is: a page shown from the saved catalogue still
    // says how to reach the shop.
    queryFn: savingAnswer((signal) => getShopInfo(signal)),
    staleTime: 5 * 60_000,
    // A drawn page carries the answer (under '/api/settings'): the server's HTML and the first
    // render in the browser show the same details.
    initialData: () => embeddedAnswer([...shopInfoQueryKey], '/api/settings', {}, acceptShopInfo),
  });

/** The query itself, for a page that says something when the details cannot be had at all. */
export const useShopInfoQuery = () => useCatalogueQuery(shopInfoQueryOptions(), { showsOwnNotice: true });

/**
 * The shop's details, or undefined while they load (or when they cannot be had at all). Readers
 * leave the details out until then rather than show a number that may no longer be the shop's.
 * The catalogue's offline notice is not raised by these details alone.
 */
export function useShopInfo(): ShopInfo | undefined {
  return useShopInfoQuery().data;
}
