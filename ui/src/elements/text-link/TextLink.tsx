/**
 * A text link. Its `href` passes the core (`linkTarget`, which checks it with `safeUrl`): an
 * unsafe URL (`javascript:`, `//host`, ...) renders the text alone, in a `<span>`, without a
 * link. The core decides the footer rule, links starting with http or mailto open in a new tab;
 * `newTab` asks for a new tab for any other safe link too. A new-tab link gets
 * `target="_blank"`, the core's `rel` (`noopener noreferrer`) and a visually hidden
 * "(öffnet in einem neuen Tab)". `label` names a link whose content is an icon or image only
 * (its `aria-label`, the new-tab note included).
 */
import type { MouseEvent, ReactNode } from 'react';
import { useUi } from '../../provider/UiProvider';
import './text-link.css';

export interface TextLinkProps {
  href: string;
  children: ReactNode;
  /** Opens in a new tab even where the core's rule would not (same-origin paths, tel:). */
  newTab?: boolean;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** The link's name when its content has no text (an icon, a logo). */
  label?: string;
  id?: string;
  className?: string;
}

export function TextLink({ href, children, newTab = false, onClick, label, id, className }: TextLinkProps) {
  const { core, t } = useUi();
  const target = typeof href === 'string' ? core.linkTarget(href, newTab) : undefined;
  if (!target) {
    return (
      <span id={id} className={className ? `sui-text-link--inert ${className}` : 'sui-text-link--inert'}>
        {children}
      </span>
    );
  }
  const opensTab = target.newTab;
  return (
    <a
      id={id}
      className={className ? `sui-text-link ${className}` : 'sui-text-link'}
      href={target.href}
      target={opensTab ? '_blank' : undefined}
      rel={target.rel}
      onClick={onClick}
      aria-label={label !== undefined ? (opensTab ? `${label} ${t('ui.link.newTab')}` : label) : undefined}
    >
      {children}
      {opensTab && label === undefined && <span className="sui-visually-hidden"> {t('ui.link.newTab')}</span>}
    </a>
  );
}
