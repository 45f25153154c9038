import '@testing-library/jest-dom';

// jsdom has <dialog> but not its modal methods: open/close by the `open` attribute, as the
// browser does (focus and inertness are covered by the end-to-end suite in Chromium).
const dialog = HTMLDialogElement.prototype as HTMLDialogElement & { showModal?: () => void };
if (typeof dialog.showModal !== 'function' || !dialog.showModal.toString().includes('[native code]')) {
  dialog.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
