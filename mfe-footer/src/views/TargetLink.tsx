/**
 * A link of the footer document: its checked `LinkTarget` (the core's `link_target`: safe URL,
 * http and mailto links in a new tab with `noopener noreferrer`), site paths under the host's
 * path prefix. A new-tab link says so to screen readers.
 */
import type { ReactNode } from 'react';
import type { LinkTarget } from '@shop/core';
import { footerTexts } from '@shop/texts';
import { useTranslate, withBasePath } from '@shop/ui';

export interface TargetLinkProps {
  target: LinkTarget;
  basePath?: string;
  children: ReactNode;
  className?: string;
  /** The link's name when its content is an icon or image only. */
  label?: string;
}

export function TargetLink({ target, basePath, children, className, label }: TargetLinkProps) {
  const t = useTranslate(footerTexts);
  const newTab = target.newTab ? t('footer.newTab') : undefined;
  return (
    <a
      href={withBasePath(basePath, target.href)}
      className={className}
      target={target.newTab ? '_blank' : undefined}
      rel={target.rel ?? undefined}
      aria-label={label !== undefined ? [label, newTab].filter(Boolean).join(' ') : undefined}
    >
      {children}
      {newTab && label === undefined && <span className="sft-visually-hidden"> {newTab}</span>}
    </a>
  );
}
