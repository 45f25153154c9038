/**
 * What a field shows when it loses the focus waits for a pointer press in progress to end.
 *
 * A mouse press on another control takes the focus at once, so the field's blur comes between
 * the press and its release. A message the blur showed at once (an e-mail's "Pflichtfeld")
 * pushes the controls below it down: the release lands on another element, and the browser
 * sends the click to neither. The salutation the shopper clicked is not chosen, the submit
 * button they clicked does not submit. Held until the press has ended (its click included), the
 * message moves nothing under the pointer. Without a press (Tab, a touch, which moves the focus
 * only once the finger is up) it shows at once.
 */
let pressed = false;
let held: (() => void)[] = [];

function released(): void {
  if (!pressed) return;
  pressed = false;
  const run = held;
  held = [];
  // After the release's click, which the browser dispatches right after `pointerup`.
  if (run.length > 0) setTimeout(() => run.forEach((show) => show()), 0);
}

if (typeof window !== 'undefined') {
  // Capturing on the window: a control that stops the events' propagation hides nothing here.
  window.addEventListener('pointerdown', () => (pressed = true), true);
  for (const end of ['pointerup', 'pointercancel', 'dragend'] as const) window.addEventListener(end, released, true);
  // The window losing the focus (the release may then never come here); not a field's blur,
  // which passes the window on its way too.
  window.addEventListener('blur', (event) => event.target === window && released(), true);
}

/** Runs `show` now, or once the pointer press in progress has ended. */
export function afterPress(show: () => void): void {
  if (pressed) held.push(show);
  else show();
}
