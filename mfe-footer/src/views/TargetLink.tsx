/**
 * A link of the footer document: the design system's `TextLink` (the core's link rule: safe
 * URL, http and mailto links in a new tab with `noopener noreferrer` and a note for screen
 * readers) with site paths put under the host's path prefix.
 */
import type { ReactNode } from 'react';
import type { LinkTarget } from '@shop/core';
import { TextLink, withBasePath } from '@shop/ui';

export interface TargetLinkProps {
  target: LinkTarget;
  basePath?: string;
  children: ReactNode;
  className?: string;
  /** The link's name when its content is an icon or image only. */
  label?: string;
}

export function TargetLink({ target, basePath, children, className, label }: TargetLinkProps) {
  return (
    <TextLink href={withBasePath(basePath, target.href)} className={className} label={label}>
      {children}
    </TextLink>
  );
}

/** A list of the document's text links. */
export function LinkList({ links, basePath }: { links: readonly { text: string; target: LinkTarget }[]; basePath?: string }) {
  if (links.length === 0) return null;
  return (
    <ul className="sft-links">
      {links.map((link, index) => (
        <li key={index}>
          <TargetLink target={link.target} basePath={basePath}>
            {link.text}
          </TargetLink>
        </li>
      ))}
    </ul>
  );
}
