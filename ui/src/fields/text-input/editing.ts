/**
 * Edits of the text input's number and IBAN modes, on the core's rules (newsletter spec section 5,
 * "Design-system inputs"). The view decides nothing here: which characters go in, and how an IBAN
 * is grouped and where its caret goes, are the core's answers. What is left is DOM plumbing:
 * where the selection is and how a text is spliced into it.
 */
import type { Core } from '@shop/core';

/** The selection of a text input, in UTF-16 units (`start === end`: the caret). */
export interface Selection {
  start: number;
  end: number;
}

export function selectionOf(element: HTMLInputElement): Selection {
  const start = element.selectionStart ?? element.value.length;
  return { start, end: element.selectionEnd ?? start };
}

/** `value` with `text` in place of the selection, and the caret right after `text`. */
export function splice(value: string, { start, end }: Selection, text: string): { value: string; caret: number } {
  return { value: value.slice(0, start) + text + value.slice(end), caret: start + text.length };
}

/**
 * What the number input takes of a pasted, dropped or (mobile) inserted text at the selection:
 * the core's paste rule (`sanitizeNumber`) keeps the digits and the first point; the core's
 * keystroke rule (`numberKeyAccepted`) then takes them one by one as if typed after the text
 * that stays (`kept`: the value without the selection), so the room left by `maxLength` is
 * respected and a point is refused when the kept text already has one (`sanitizeNumber` alone
 * does not know the text around the insertion).
 */
export function numberInsertion(core: Core, kept: string, text: string, maxLength: number | undefined): string {
  let inserted = '';
  for (const character of core.sanitizeNumber(text, undefined)) {
    if (core.numberKeyAccepted(kept + inserted, character, maxLength, 0)) inserted += character;
  }
  return inserted;
}

/**
 * The IBAN input's value and caret after `text` replaced the selection: the core formats the
 * result and places the caret after the same letters and digits (`formatIbanWithCaret`).
 */
export function ibanAfterInsertion(core: Core, value: string, selection: Selection, text: string) {
  const spliced = splice(value, selection, text);
  return core.formatIbanWithCaret(spliced.value, spliced.caret);
}
