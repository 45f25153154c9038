/**
 * The plain HTML host page's script: no React, no shared scope of its own. It embeds the mini
 * cart through the framework-agnostic `mount(element, props)` only; the remote brings its own
 * React and core.
 */
import { createInstance } from '@module-federation/enhanced/runtime';
import provideRuntime from '@module-federation/inject-external-runtime-core-plugin';
import { LOAD_TIMEOUT_MS, onItemCount, within, type Unmount } from '@shop/ui';
import { readShellConfig } from './config';

// The mini cart's `mount` as `@shop/ui`'s `mountComponent` makes it (a type only: nothing of the
// design system is loaded here).
type MiniCartProps = { open: boolean; onClose(): void; basePath?: string };
type Mount = (element: Element, props: MiniCartProps) => Unmount<MiniCartProps>;

async function main(): Promise<void> {
  const config = readShellConfig();
  const button = document.getElementById('embed-open');
  const element = document.getElementById('embed-minicart');
  const count = document.getElementById('embed-count');
  if (!config || !button || !element) return;
  onItemCount(config.cart.itemCountEvent, (itemCount) => {
    if (count) count.textContent = String(itemCount);
  });
  const federation = createInstance({
    name: 'embed_host',
    remotes: config.remotes.map(({ name, manifest }) => ({ name, entry: manifest })),
    // The remotes take the page's Module Federation runtime (ADR 0026): this page provides it,
    // as the shell does.
    plugins: [provideRuntime()],
  });
  let module: { mount?: Mount } | null = null;
  try {
    // As on the shop's pages: a mini cart that has not come within the time limit counts as
    // failed (a button appearing much later would surprise the shopper).
    module = await within(federation.loadRemote<{ mount?: Mount }>('minicart/mount'), LOAD_TIMEOUT_MS);
  } catch (error) {
    console.warn('[embed] the mini cart is unavailable', error);
  }
  // The button shows once the mini cart is mounted; without it there is nothing to open.
  if (typeof module?.mount !== 'function') return;
  const miniCart = module.mount(element, {
    // The page's site prefix: the drawer's ways to the cart, the checkout and the shop stay on
    // the page's site (`/pl/cart?...`), whose cart it shows.
    basePath: config.basePath,
    open: false,
    onClose: () => {
      miniCart.update({ open: false });
      button.focus();
    },
  });
  button.addEventListener('click', () => miniCart.update({ open: true }));
  button.hidden = false;
}

void main();
