/**
 * The framework-agnostic entry (exposed as `preview/mount`): any host page renders the staff
 * preview panel into an element of its own. `update` changes props later.
 */
import { mountComponent, type Unmount as UnmountOf } from '@shop/ui';
import PreviewPanel, { type PreviewPanelProps } from './PreviewPanel';

export type Unmount = UnmountOf<PreviewPanelProps>;

export function mount(element: Element, props: PreviewPanelProps = {}): Unmount {
  return mountComponent(element, PreviewPanel, props, 'preview');
}

export default mount;
