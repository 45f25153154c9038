/**
 * The framework-agnostic entry (exposed as `header/mount`): any host page renders the header
 * into an element of its own. `update` changes props later.
 */
import { Component, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import Header, { type HeaderProps } from './Header';

export interface Unmount {
  (): void;
  /** Renders again with these props changed. */
  update(props: Partial<HeaderProps>): void;
}

/** A failure inside the fragment leaves its element empty; the host page goes on. */
class Contained extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn('[header] stopped after an error', error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function mount(element: Element, props: HeaderProps = {}): Unmount {
  const root = createRoot(element);
  let current = props;
  const render = () =>
    root.render(
      <Contained>
        <Header {...current} />
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
