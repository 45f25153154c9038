/**
 * The framework-agnostic entry (exposed as `minicart/mount`): any host page renders the mini
 * cart into an element of its own. `update` changes props later (open / close).
 */
import { mountComponent, type Unmount as UnmountOf } from '@shop/ui';
import MiniCart, { type MiniCartProps } from './MiniCart';

export type Unmount = UnmountOf<MiniCartProps>;

export function mount(element: Element, props: MiniCartProps): Unmount {
  return mountComponent(element, MiniCart, props, 'minicart');
}

export default mount;
