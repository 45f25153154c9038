/**
 * Pointer movement as a browser reports it, for jsdom (which has no pointer; its PointerEvent
 * comes from build/jest/setup-dom.ts): `pointerout` and `pointerover` (bubbling; React derives
 * its enter and leave from them), `pointerleave` on every element left, innermost first, and
 * `pointerenter` on every element entered, outermost first (neither bubbles; the header's hover
 * intent listens to these, `mouseBoundary`).
 */
import { act, fireEvent } from '@testing-library/react';

/** `element` and its ancestors, innermost first. */
function withAncestors(element: Element | null): Element[] {
  const chain: Element[] = [];
  for (let current = element; current; current = current.parentElement) chain.push(current);
  return chain;
}

/** The pointer goes from `from` to `to` (`null`: off the page). */
export function movePointerBetween(from: Element | null, to: Element | null, pointerType: 'mouse' | 'touch' | 'pen' = 'mouse'): void {
  const left = withAncestors(from);
  const entered = withAncestors(to);
  act(() => {
    if (from) fireEvent.pointerOut(from, { pointerType, relatedTarget: to });
    for (const element of left) {
      if (!entered.includes(element)) element.dispatchEvent(new PointerEvent('pointerleave', { pointerType, relatedTarget: to }));
    }
    if (to) fireEvent.pointerOver(to, { pointerType, relatedTarget: from });
    for (const element of [...entered].reverse()) {
      if (!left.includes(element)) element.dispatchEvent(new PointerEvent('pointerenter', { pointerType, relatedTarget: from }));
    }
  });
}
