/**
 * Every fragment's framework-agnostic entry (`mount(element, props) -> unmount`): renders a
 * component into a host page's element, contained — a failure inside leaves the element empty
 * and the host page going on — and rendered once the core is loaded (`WithCore`).
 * `unmount.update(props)` renders again with props changed.
 */
import { Component, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { WithCore } from '../fragment/WithCore';

export interface Unmount<P> {
  (): void;
  /** Renders again with these props changed. */
  update(props: Partial<P>): void;
}

class Contained extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn(`[${this.props.name}] stopped after an error`, error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function mountComponent<P extends object>(
  element: Element,
  Rendered: ComponentType<P>,
  props: P,
  name: string,
): Unmount<P> {
  const root = createRoot(element);
  let current = props;
  const render = () =>
    root.render(
      <Contained name={name}>
        <WithCore>
          <Rendered {...current} />
        </WithCore>
      </Contained>,
    );
  render();
  const unmount = (() => root.unmount()) as Unmount<P>;
  unmount.update = (next) => {
    current = { ...current, ...next };
    render();
  };
  return unmount;
}
