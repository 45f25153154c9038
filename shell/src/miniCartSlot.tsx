/**
 * The mini cart's slot: the remote component rendered by the shell's React root, inside an
 * error boundary. Loaded on first need; when the remote is down, late or throws, `undefined`
 * (or `failed`) tells the cart button to fall back to the cart page. A mini cart that throws
 * while open has taken its dialog, and the focus in it, away: that is a close, so `onClose`
 * runs (the opener says it is collapsed and takes the focus back).
 */
import { FragmentBoundary } from '@shop/ui';
import { createRoot } from 'react-dom/client';
import { loadComponent } from './loadComponent';

/** The remote's props (`minicart/MiniCart`). */
interface MiniCartProps {
  site?: string;
  basePath?: string;
  open: boolean;
  onClose(): void;
  /** A reload event came before the mini cart was there: its first load is forced. */
  reloadFirst?: boolean;
}

export interface MiniCartHandle {
  setOpen(open: boolean): void;
  /** The fragment threw while rendering; its slot is empty. */
  readonly failed: boolean;
}

export async function mountMiniCart(
  element: Element,
  site: string,
  basePath: string,
  onClose: () => void,
  reloadFirst = false,
): Promise<MiniCartHandle | undefined> {
  const MiniCart = await loadComponent<MiniCartProps>('minicart/MiniCart');
  if (!MiniCart) return undefined;
  const root = createRoot(element);
  let open = false;
  let failed = false;
  const fail = () => {
    failed = true;
    if (!open) return;
    open = false;
    onClose();
  };
  const render = () =>
    root.render(
      <FragmentBoundary source="shell" name="mini cart fragment" onError={fail}>
        <MiniCart site={site} basePath={basePath} open={open} onClose={onClose} reloadFirst={reloadFirst} />
      </FragmentBoundary>,
    );
  render();
  return {
    setOpen(next) {
      open = next;
      render();
    },
    get failed() {
      return failed;
    },
  };
}
