/**
 * Whether a pointer (a mouse button, a finger, a pen) is pressed right now. A focus moving while
 * one is (Chrome and Firefox focus a pressed button at the press) is the press's: the click that
 * follows decides what opens and closes. Only a focus moving without a press (Tab) closes a
 * flyout the keyboard moved on from; else a click on the next icon or entry would close the open
 * flyout at the press and open the next one at the release, and the flyout and the page's overlay
 * would flash off in between.
 *
 * `usePointerPresses()` listens on the document while a component using it is mounted.
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
const RELEASES = ['pointerup', 'pointercancel', 'dragstart'] as const;

export function pointerPressed(): boolean {
  return pressed;
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
