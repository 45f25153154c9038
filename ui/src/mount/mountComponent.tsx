/**
 * Every fragment's framework-agnostic entry (`mount(element, props) -> unmount`): renders a
 * component into a host page's element, contained — a failure inside leaves the element empty
 * and the host page going on (`onFailed` is told) — and rendered once the core is loaded
 * (`WithCore`).
 * `unmount.update(props)` renders again with props changed.
 *
 * Forgiving of a host page's ordinary mistakes:
 * - `unmount()` a second time, and `update()` after `unmount()`, do nothing.
 * - A second mount on an element that already holds one replaces it: the first is unmounted (its
 *   component's effects clean up, the element is emptied) and the new one rendered fresh, in a
 *   new root, so an element never holds two roots. The first mount's handle then does nothing:
 *   its `update()` and `unmount()` leave the new mount alone. The element's mount is kept in a
 *   registry on `globalThis` (`Symbol.for`), so fragments that bring copies of this package of
 *   their own still see each other's mounts. Like React's own `root.unmount()`, mount is not for
 *   calling while React renders (inside a component's render).
 */
import { Component, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { WithCore } from '../fragment/WithCore';

export interface Unmount<P> {
  /** Unmounts (once; later calls, and calls after a newer mount on the element, do nothing). */
  (): void;
  /** Renders again with these props changed (nothing once unmounted or replaced). */
  update(props: Partial<P>): void;
}

/**
 * Catches a fragment that throws while rendering: it renders nothing from then on, says so on
 * the console and calls `onError`, so its host can give the place back (the shell its slot's
 * static markup, a plain host page whatever it wants). The message names the fragment, and the
 * host when given (`source`), in the host's own prefix: `[minicart] stopped after an error`,
 * `[shell] the footer fragment stopped after an error`.
 */
export class FragmentBoundary extends Component<
  { name: string; source?: string; onError?: () => void; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    const { name, source } = this.props;
    console.warn(source ? `[${source}] the ${name} stopped after an error` : `[${name}] stopped after an error`, error);
    this.props.onError?.();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Each element's current mount: the function that ends it. */
type Mounts = WeakMap<Element, () => void>;
const MOUNTS: unique symbol = Symbol.for('@shop/ui/mountComponent');

function mounts(): Mounts {
  const global = globalThis as typeof globalThis & { [MOUNTS]?: Mounts };
  global[MOUNTS] ??= new WeakMap();
  return global[MOUNTS];
}

export function mountComponent<P extends object>(
  element: Element,
  Rendered: ComponentType<P>,
  props: P,
  name: string,
  /** Told when the component has stopped after an error (the element is empty). */
  onFailed?: () => void,
): Unmount<P> {
  const registry = mounts();
  // A mount already in the element gives way to this one.
  registry.get(element)?.();
  const root = createRoot(element);
  let current = props;
  let mounted = true;
  const render = () =>
    root.render(
      <FragmentBoundary name={name} onError={onFailed}>
        <WithCore>
          <Rendered {...current} />
        </WithCore>
      </FragmentBoundary>,
    );
  const end = () => {
    if (!mounted) return;
    mounted = false;
    if (registry.get(element) === end) registry.delete(element);
    root.unmount();
  };
  registry.set(element, end);
  render();
  const unmount = (() => end()) as Unmount<P>;
  unmount.update = (next) => {
    if (!mounted) return;
    current = { ...current, ...next };
    render();
  };
  return unmount;
}
