/**
 * The platform (CLASSIC, TABLET, MATCH) from the viewport width, as the core decides it (below 980
 * MATCH, below 1440 TABLET), a platform given by the page winning, then the one the address
 * forces (`?forceWebshop=true`, the footer's desktop-version link: CLASSIC); recalculated the
 * core's `recalculateDelayMs` (500 ms) after the last resize.
 */
import { useEffect, useState } from 'react';
import type { Platform } from '@shop/core';
import { useUi } from '../provider/UiProvider';

export function usePlatform(pageOverride?: Platform): Platform {
  const { core } = useUi();
  pageOverride ??= core.forcedPlatform(window.location.search);
  const [platform, setPlatform] = useState<Platform>(() => core.platformFromWidth(window.innerWidth, pageOverride));
  useEffect(() => {
    const delay = core.timings().recalculateDelayMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const recalculate = () => setPlatform(core.platformFromWidth(window.innerWidth, pageOverride));
    recalculate();
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(recalculate, delay);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [core, pageOverride]);
  return platform;
}
