/**
 * Whether a pointer's press is under way: from its `pointerdown` to the click it makes (or a
 * cancel, a drag, a key). A focus moving meanwhile (Chrome and Firefox focus a pressed button at a
 * mouse's press; a finger's tap moves the focus after lifting, with the click) is the press's: the
 * click decides what opens and closes. Only a focus moving without a press (Tab) closes a
 * flyout the keyboard moved on from; else a click on the next icon or entry would close the open
 * flyout at the press and open the next one at the release, and the flyout and the page's overlay
 * would flash off in between.
 *
 * `usePointerPresses()` listens on the document while a component using it is mounted;
 * `keyboardLeft` tells a focus change of the keyboard's.
 */
import { useEffect } from 'react';

let pressed = false;
let users = 0;
const down = () => {
  pressed = true;
};
const up = () => {
  pressed = false;
};
const RELEASES = ['click', 'pointercancel', 'dragstart', 'keydown'] as const;

/**
 * Whether the focus change `event` (a blur) moved the focus from inside `item` (an icon with its
 * flyout, a navigation entry with its flyout) to an element outside it, and not during a press:
 * the keyboard moved on from it.
 */
export function keyboardLeft(
  item: Element | null | undefined,
  event: { target: EventTarget; relatedTarget: EventTarget | null },
): boolean {
  const next = event.relatedTarget;
  return !pressed && !!item && next instanceof Node && item.contains(event.target as Node) && !item.contains(next);
}

export function usePointerPresses(): void {
  useEffect(() => {
    users += 1;
    if (users === 1) {
      document.addEventListener('pointerdown', down, true);
      for (const type of RELEASES) document.addEventListener(type, up, true);
    }
    return () => {
      users -= 1;
      if (users > 0) return;
      pressed = false;
      document.removeEventListener('pointerdown', down, true);
      for (const type of RELEASES) document.removeEventListener(type, up, true);
    };
  }, []);
}
