// The top bar hides while the page scrolls down and comes back on the way up, as react-admin's own
// does (MUI's useScrollTrigger, threshold 100 px) — but that one reads the scroll position as it
// mounts, which makes the browser lay the whole screen out in the middle of the app's first commit
// (~75–150 ms of a phone's CPU on /profiles, done again at the paint). This reads it on scroll
// events only: at the top of a freshly opened page the bar shows, as there.
import { type ReactElement, useEffect, useState } from 'react';
import { Slide } from '@mui/material';

const THRESHOLD_PX = 100;

/** Whether the page was last scrolled down, past the threshold. */
export function useScrolledDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    let previous: number | undefined;
    const onScroll = () => {
      const current = window.scrollY;
      setDown(!(previous !== undefined && current < previous) && current > THRESHOLD_PX);
      previous = current;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return down;
}

/** react-admin's <AppBar container>: its bar, sliding out of sight while the page scrolls down. */
export function HideOnScroll({ children, className }: { children: ReactElement; className?: string }) {
  const down = useScrolledDown();
  return (
    <Slide appear={false} direction="down" in={!down} className={className}>
      {children}
    </Slide>
  );
}
