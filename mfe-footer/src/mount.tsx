/**
 * The framework-agnostic entry (exposed as `footer/mount`): any host page renders the footer
 * into an element of its own. `update` changes props later.
 */
import { mountComponent, type Unmount as UnmountOf } from '@shop/ui';
import Footer, { type FooterProps } from './Footer';

export type Unmount = UnmountOf<FooterProps>;

export function mount(element: Element, props: FooterProps = {}): Unmount {
  return mountComponent(element, Footer, props, 'footer');
}

export default mount;
