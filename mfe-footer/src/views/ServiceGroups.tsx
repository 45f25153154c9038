/**
 * The service groups (spec section 2 "Footer"): one expansion panel each, collapsed at start on
 * a narrow viewport, a smartphone or MATCH (the core's `footerPanels`). A group shows its
 * heading's icon and text, its introductory text, its links (the core has already dropped the
 * `hideInClassic` ones in the classic view) and its images.
 */
import type { TeaserGroup } from '@shop/core';
import { ExpansionPanel } from '@shop/ui';
import { FooterIconGlyph } from '../icons/icons';
import { TargetLink } from './TargetLink';

export function ServiceGroups({ groups, expanded, basePath }: { groups: TeaserGroup[]; expanded: boolean; basePath?: string }) {
  if (groups.length === 0) return null;
  return (
    <div className="sft-groups">
      {groups.map((group, index) => {
        const heading = group.heading;
        const title = heading.text ?? heading.target?.href ?? '';
        // The heading's own link leads the list unless a link of the group already goes there.
        const headingLink = heading.target && heading.text && !group.links.some((link) => link.target.href === heading.target?.href);
        return (
          <ExpansionPanel
            key={`${index}-${title}`}
            className="sft-group"
            headingLevel={2}
            defaultExpanded={expanded}
            title={
              <span className="sft-group__title">
                {heading.icon && <FooterIconGlyph icon={heading.icon} className="sft-group__icon" />}
                {title}
              </span>
            }
          >
            {group.introductoryText && <p className="sft-group__intro">{group.introductoryText}</p>}
            {(headingLink || group.links.length > 0) && (
              <ul className="sft-links">
                {headingLink && heading.target && (
                  <li>
                    <TargetLink target={heading.target} basePath={basePath}>
                      {heading.text}
                    </TargetLink>
                  </li>
                )}
                {group.links.map((link, linkIndex) => (
                  <li key={linkIndex}>
                    <TargetLink target={link.target} basePath={basePath}>
                      {link.text}
                    </TargetLink>
                  </li>
                ))}
              </ul>
            )}
            {group.images.length > 0 && (
              <div className="sft-group__images">
                {group.images.map((image, imageIndex) => (
                  <img key={imageIndex} src={image.src} alt={image.label ?? ''} loading="lazy" decoding="async" height={40} />
                ))}
              </div>
            )}
          </ExpansionPanel>
        );
      })}
    </div>
  );
}
