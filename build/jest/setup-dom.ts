import '@testing-library/jest-dom';

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
