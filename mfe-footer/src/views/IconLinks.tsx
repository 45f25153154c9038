/**
 * The social-media and app-store icon groups: a heading and a row of icon links. Each link is
 * named by the document's label, else by the icon's name in the site's language.
 */
import { useId } from 'react';
import type { IconGroup } from '@shop/core';
import { footerTexts } from '@shop/texts';
import { useTranslate } from '@shop/ui';
import { FooterIconGlyph } from '../icons/icons';
import { TargetLink } from './TargetLink';

export function IconLinks({ group, className, basePath }: { group?: IconGroup; className: string; basePath?: string }) {
  const t = useTranslate(footerTexts);
  const headingId = useId();
  if (!group || group.icons.length === 0) return null;
  return (
    <section className={`sft-icons ${className}`} aria-labelledby={group.heading ? headingId : undefined}>
      {group.heading && (
        <h2 id={headingId} className="sft-heading">
          {group.heading}
        </h2>
      )}
      <ul className="sft-icons__list">
        {group.icons.map((link, index) => (
          <li key={index}>
            <TargetLink target={link.target} basePath={basePath} className="sft-icons__link" label={link.label ?? t(`footer.icon.${link.icon}`)}>
              <FooterIconGlyph icon={link.icon} />
            </TargetLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
