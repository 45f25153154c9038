/**
 * The tab stops of a part of the page, in the order Tab visits them: what the modal dialog wraps
 * Tab around, and where a view puts the focus when the control holding it leaves.
 */

/** What may take the focus (whether it can is `isTabbable`'s question). */
export const CANDIDATES = [
  'a[href]',
  'area[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'iframe',
  'object',
  'embed',
  'audio[controls]',
  'video[controls]',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

function firstSummary(details: HTMLDetailsElement): Element | undefined {
  return Array.from(details.children).find((child) => child.localName === 'summary');
}

/** Whether an element inside `container` is rendered and can take the focus by Tab. */
function isTabbable(element: HTMLElement, container: HTMLElement): boolean {
  if (element.tabIndex < 0 || element.matches(':disabled')) return false;
  const view = element.ownerDocument.defaultView;
  if (view) {
    const { visibility } = view.getComputedStyle(element);
    if (visibility === 'hidden' || visibility === 'collapse') return false;
  }
  for (let node: HTMLElement | null = element; node && node !== container; node = node.parentElement) {
    if (node.hidden || node.hasAttribute('inert')) return false;
    if (view && view.getComputedStyle(node).display === 'none') return false;
    const parent = node.parentElement;
    // A closed <details> shows its first <summary> only.
    if (parent instanceof HTMLDetailsElement && !parent.open && firstSummary(parent) !== node) return false;
  }
  return true;
}

/**
 * The dialog's tab stops in Tab order, each a list of the elements that make one stop: a single
 * element, or the radios of a group none of which is checked (Tab lands on the first, Shift+Tab
 * on the last). A group with a checked radio is that radio only.
 */
export function tabStops(container: HTMLElement): HTMLElement[][] {
  const tabbable = Array.from(container.querySelectorAll<HTMLElement>(CANDIDATES)).filter((element) =>
    isTabbable(element, container),
  );
  const ordered = [
    ...tabbable.filter((element) => element.tabIndex > 0).sort((a, b) => a.tabIndex - b.tabIndex),
    ...tabbable.filter((element) => element.tabIndex === 0),
  ];
  const stops: HTMLElement[][] = [];
  // Radios form a group by their form (or none) and their name.
  const groups = new Map<HTMLFormElement | null, Map<string, HTMLElement[]>>();
  for (const element of ordered) {
    if (!(element instanceof HTMLInputElement && element.type === 'radio' && element.name)) {
      stops.push([element]);
      continue;
    }
    let named = groups.get(element.form);
    if (!named) {
      named = new Map();
      groups.set(element.form, named);
    }
    const group = named.get(element.name);
    if (group) {
      group.push(element);
    } else {
      const stop = [element];
      named.set(element.name, stop);
      stops.push(stop);
    }
  }
  // A group with a checked radio is that radio.
  return stops.map((stop) => {
    const checked = stop.find((element) => element instanceof HTMLInputElement && element.type === 'radio' && element.checked);
    return checked ? [checked] : stop;
  });
}

/** The first element Tab reaches inside `container`, if any. */
export function firstTabStop(container: HTMLElement): HTMLElement | undefined {
  return tabStops(container)[0]?.[0];
}
