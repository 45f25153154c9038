/**
 * The mini cart's slot: the remote component rendered by the shell's React root, inside an
 * error boundary. Loaded on first need; when the remote is down, late or throws, `undefined`
 * (or `failed`) tells the cart button to fall back to the cart page.
 */
import { Component, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadFragment } from './federation';

/** The remote's props (`minicart/MiniCart`). */
interface MiniCartProps {
  site?: string;
  open: boolean;
  onClose(): void;
}

export interface MiniCartHandle {
  setOpen(open: boolean): void;
  /** The fragment threw while rendering; its slot is empty. */
  readonly failed: boolean;
}

class SlotBoundary extends Component<{ name: string; onError(): void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn(`[shell] fragment ${this.props.name} stopped after an error`, error);
    this.props.onError();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export async function mountMiniCart(
  element: Element,
  site: string,
  onClose: () => void,
): Promise<MiniCartHandle | undefined> {
  const module = await loadFragment<{ default?: ComponentType<MiniCartProps> }>('minicart/MiniCart');
  const MiniCart = module?.default;
  if (typeof MiniCart !== 'function') return undefined;
  const root = createRoot(element);
  let open = false;
  let failed = false;
  const render = () =>
    root.render(
      <SlotBoundary name="minicart" onError={() => (failed = true)}>
        <MiniCart site={site} open={open} onClose={onClose} />
      </SlotBoundary>,
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
