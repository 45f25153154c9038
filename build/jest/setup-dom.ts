import '@testing-library/jest-dom';
import { loadAllTexts } from '../../texts/src/all';

// jsdom has <dialog> but not its modal methods: open/close by the `open` attribute, as the
// browser does (focus and inertness are covered by the end-to-end suite in Chromium). Test files
// that run in Node (`@jest-environment node`) have no DOM to patch.
const dialog = (typeof HTMLDialogElement === 'undefined' ? undefined : HTMLDialogElement.prototype) as
  | (HTMLDialogElement & { showModal?: () => void })
  | undefined;
if (dialog && (typeof dialog.showModal !== 'function' || !dialog.showModal.toString().includes('[native code]'))) {
  dialog.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// jsdom has no PointerEvent: pointer events would arrive as plain Events without a pointer type
// (which the header's hover intent and the buttons' ripples read) or coordinates.
if (typeof window !== 'undefined' && typeof window.PointerEvent === 'undefined') {
  class PointerEventForTests extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  (window as unknown as { PointerEvent: unknown }).PointerEvent = PointerEventForTests;
}

// A German browser, as the reference shop's staff have (jsdom says en-US): the staff preview
// panel speaks its browser's language. A test of another language sets its own.
if (typeof navigator !== 'undefined') {
  Object.defineProperty(navigator, 'languages', { value: ['de-DE', 'de'], configurable: true });
  Object.defineProperty(navigator, 'language', { value: 'de-DE', configurable: true });
}

// Every text table in every locale, as a fragment's UiProvider loads its own before it shows
// anything (ADR 0030): a test renders a fragment's tree at once, with its texts.
beforeAll(() => loadAllTexts());
