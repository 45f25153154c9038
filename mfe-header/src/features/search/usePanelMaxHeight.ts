/**
 * The suggestions panel's height limit: the free space below the input minus the core's bottom
 * margin (`searchSettings().panelBottomMarginPx`, header spec sections 2 and 9), the space being
 * what the window shows (above an on-screen keyboard). Measured when the panel opens and again
 * whenever the visible area changes while it is open.
 */
import { useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import { useUi } from '@shop/ui';
import { onVisibleAreaChange, visibleBottom } from '../../shared/visibleArea';

export function usePanelMaxHeight(anchor: RefObject<HTMLElement | null>, open: boolean): number | undefined {
  const { core } = useUi();
  const marginPx = useMemo(() => core.searchSettings().panelBottomMarginPx, [core]);
  const [maxHeight, setMaxHeight] = useState<number>();

  useLayoutEffect(() => {
    if (!open) return undefined;
    const measure = () => {
      const element = anchor.current;
      if (!element) return;
      const spaceBelow = visibleBottom() - element.getBoundingClientRect().bottom;
      setMaxHeight(Math.max(0, Math.floor(spaceBelow - marginPx)));
    };
    measure();
    return onVisibleAreaChange(measure);
  }, [anchor, open, marginPx]);

  return maxHeight;
}
