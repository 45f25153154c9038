/**
 * The framework-agnostic entry (exposed as `header/mount`): any host page renders the header
 * into an element of its own. `update` changes props later.
 */
import { mountComponent, type Unmount as UnmountOf } from '@shop/ui';
import Header, { type HeaderProps } from './Header';

export type Unmount = UnmountOf<HeaderProps>;

export function mount(element: Element, props: HeaderProps = {}): Unmount {
  return mountComponent(element, Header, props, 'header');
}

export default mount;
