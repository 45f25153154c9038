/**
 * The framework-agnostic entry (exposed as `minicart/mount`): any host page renders the mini
 * cart into an element of its own. `update` changes props later (open / close).
 */
import { Component, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import MiniCart, { type MiniCartProps } from './MiniCart';

export interface Unmount {
  (): void;
  /** Renders again with these props changed. */
  update(props: Partial<MiniCartProps>): void;
}

/** A failure inside the fragment leaves its element empty; the host page goes on. */
class Contained extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn('[minicart] stopped after an error', error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function mount(element: Element, props: MiniCartProps): Unmount {
  const root = createRoot(element);
  let current = props;
  const render = () =>
    root.render(
      <Contained>
        <MiniCart {...current} />
      </Contained>,
    );
  render();
  const unmount = (() => root.unmount()) as Unmount;
  unmount.update = (next) => {
    current = { ...current, ...next };
    render();
  };
  return unmount;
}

export default mount;
