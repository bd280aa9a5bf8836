import { useSearchParams } from '../public/kit';

/** The e-mail and code an e-mailed link carries in its query (activation, password reset). */
export function useEmailedLink(): { email: string; code: string } {
  const query = useSearchParams();
  return { email: query.get('email') ?? '', code: query.get('code') ?? '' };
}
