/**
 * The framework-agnostic entry (exposed as `newsletter/mount`): any host page renders the
 * sign-up into an element of its own. `update` changes props later.
 */
import { mountComponent, type Unmount as UnmountOf } from '@shop/ui';
import Newsletter, { type NewsletterProps } from './Newsletter';

export type Unmount = UnmountOf<NewsletterProps>;

export function mount(element: Element, props: NewsletterProps = {}): Unmount {
  return mountComponent(element, Newsletter, props, 'newsletter');
}

export default mount;
