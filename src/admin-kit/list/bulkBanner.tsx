// The one banner that reports a bulk action's outcome (SPEC §8: per item, then 'Failed for M …'
// in an error style; §9: hidden after 60 s). It belongs to the list screen, not to the table:
// a bulk delete that empties the page replaces the table with its empty text, and the banner
// must stay.
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { Alert } from '@mui/material';
import { BULK_RESULT_HIDE_MS } from '../../constants';

export interface BulkBanner {
  text: string;
  severity: 'success' | 'error';
}

const BannerContext = createContext<(banner: BulkBanner | null) => void>(() => undefined);

/** Shows a bulk action's outcome in the list's banner (null hides it). */
export const useShowBulkBanner = () => useContext(BannerContext);

/** Holds the banner of the list it wraps; renders it where `children` puts <BulkBannerSlot />. */
export function useBulkBannerState() {
  const [banner, setBanner] = useState<BulkBanner | null>(null);
  useEffect(() => {
    if (!banner) return undefined;
    const timer = setTimeout(() => setBanner(null), BULK_RESULT_HIDE_MS);
    return () => clearTimeout(timer);
  }, [banner]);
  return { banner, setBanner };
}

export function BulkBannerProvider({ show, children }: { show: (banner: BulkBanner | null) => void; children: ReactNode }) {
  return <BannerContext.Provider value={show}>{children}</BannerContext.Provider>;
}

export function BulkBannerAlert({ banner, onClose }: { banner: BulkBanner | null; onClose: () => void }) {
  if (!banner) return null;
  return (
    <Alert severity={banner.severity} onClose={onClose} sx={{ mb: 2 }}>
      {banner.text}
    </Alert>
  );
}
