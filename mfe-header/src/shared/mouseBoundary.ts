/**
 * Hover intent's signals: the browser's own `pointerenter` and `pointerleave` of an element,
 * for a mouse only (a finger's passing is not a hover).
 *
 * React's `onPointerEnter` and `onPointerLeave` are not these: React derives them from
 * `pointerover`/`pointerout` pairs, and it drops a `pointerover` whose related element is one of
 * its own, expecting that element's `pointerout` to tell it. After the page overlay under a
 * resting mouse goes, Chrome's next `pointerover` names such an element without any `pointerout`
 * from it, so going back onto the icon or navigation entry just closed opened nothing (4 of 12
 * times for the store finder's icon, measured). The browser's own enter and leave come every
 * time.
 */
export function mouseBoundary(
  onEnter: (event: PointerEvent) => void,
  onLeave: (event: PointerEvent) => void,
): (element: HTMLElement | null) => (() => void) | undefined {
  return (element) => {
    if (!element) return undefined;
    const enter = (event: Event) => {
      if ((event as PointerEvent).pointerType === 'mouse') onEnter(event as PointerEvent);
    };
    const leave = (event: Event) => {
      if ((event as PointerEvent).pointerType === 'mouse') onLeave(event as PointerEvent);
    };
    element.addEventListener('pointerenter', enter);
    element.addEventListener('pointerleave', leave);
    return () => {
      element.removeEventListener('pointerenter', enter);
      element.removeEventListener('pointerleave', leave);
    };
  };
}
