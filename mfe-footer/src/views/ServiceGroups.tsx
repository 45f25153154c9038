/**
 * The service groups (spec section 2 "Footer"): one expansion panel each, collapsed at start on
 * a narrow viewport, a smartphone or MATCH (the core's `footerPanels`). A group shows its
 * heading's icon and text, its introductory text, its links (the core has already dropped the
 * `hideInClassic` ones in the classic view) and its images.
 * `classicView`: the classic view on a phone (spec: "only the overview link is shown"), as
 * `Footer` decides it for the core's `footerView`.
 */
import type { TeaserGroup } from '@shop/core';
import { ExpansionPanel } from '@shop/ui';
import { FooterIconGlyph } from '../icons/icons';
import { LinkList } from './TargetLink';

export function ServiceGroups({
  groups,
  expanded,
  classicView,
  basePath,
}: {
  groups: TeaserGroup[];
  expanded: boolean;
  classicView: boolean;
  basePath?: string;
}) {
  if (groups.length === 0) return null;
  return (
    <div className="sft-groups">
      {groups.map((group, index) => {
        const heading = group.heading;
        // The heading's own link leads the list unless a link of the group already goes there. In
        // the classic view the core has left each group its overview link only: the heading's link
        // beside it would be a second one, so it stands in only for a group left without a link.
        const target = heading.target;
        const headingLink =
          target && heading.text && (classicView ? group.links.length === 0 : !group.links.some((link) => link.target.href === target.href));
        const links = headingLink ? [{ text: heading.text ?? '', target }, ...group.links] : group.links;
        const content = (
          <>
            {group.introductoryText && <p className="sft-group__intro">{group.introductoryText}</p>}
            <LinkList links={links} basePath={basePath} />
            {group.images.length > 0 && (
              <div className="sft-group__images">
                {group.images.map((image, imageIndex) => (
                  <img key={imageIndex} src={image.src} alt={image.label ?? ''} loading="lazy" decoding="async" height={40} />
                ))}
              </div>
            )}
          </>
        );
        // A group without a heading text has no panel to name: its content shows as it is.
        if (!heading.text) {
          return (
            <div key={index} className="sft-group sft-group--plain">
              {content}
            </div>
          );
        }
        return (
          <ExpansionPanel
            key={`${index}-${heading.text}`}
            className="sft-group"
            headingLevel={2}
            defaultExpanded={expanded}
            title={
              <span className="sft-group__title">
                {heading.icon && <FooterIconGlyph icon={heading.icon} className="sft-group__icon" />}
                {heading.text}
              </span>
            }
          >
            {content}
          </ExpansionPanel>
        );
      })}
    </div>
  );
}
