/** The texts every promotion kind shows the same way: headline, subline, links, small print. */
import type { ReactNode } from 'react';
import type { Promotion, PromotionLink } from '@shop/core';
import { TextLink } from '@shop/ui';

/**
 * The headline; with `short` the short variant (`headlineShort`) replaces it on narrow screens
 * (CSS, see promotions.css), only when it differs.
 */
export function Headline({
  promotion,
  as: Tag,
  short = false,
  href,
}: {
  promotion: Promotion;
  as: 'p' | 'h2';
  short?: boolean;
  /** The promotion's main link, when the headline carries it. */
  href?: string;
}) {
  const { headline, headlineShort } = promotion;
  if (!headline) return null;
  let content: ReactNode = headline;
  if (short && headlineShort && headlineShort !== headline) {
    content = (
      <>
        <span className="shd-promo-headline__long">{headline}</span>
        <span className="shd-promo-headline__short">{headlineShort}</span>
      </>
    );
  }
  return (
    <Tag className="shd-promo-headline">
      {href ? (
        <TextLink href={href} className="shd-promo-headline__link">
          {content}
        </TextLink>
      ) : (
        content
      )}
    </Tag>
  );
}

export function Subline({ promotion }: { promotion: Promotion }) {
  return promotion.subline ? <p className="shd-promo-subline">{promotion.subline}</p> : null;
}

/** The text links; bold ones (`boldLink`) bold. The core keeps only safe links here. */
export function Links({ links }: { links: PromotionLink[] }) {
  if (links.length === 0) return null;
  return (
    <ul className="shd-promo-links">
      {links.map((link, index) => (
        <li key={`${index}-${link.url}`} className="shd-promo-links__item">
          <TextLink href={link.url} className={link.boldLink ? 'shd-promo-link shd-promo-link--bold' : 'shd-promo-link'}>
            {link.boldLink ? <strong>{link.text}</strong> : link.text}
          </TextLink>
        </li>
      ))}
    </ul>
  );
}

/** The legal text as small print (category banner, phase integration). */
export function SmallPrint({ promotion }: { promotion: Promotion }) {
  return promotion.legalText ? <p className="shd-promo-small-print">{promotion.legalText}</p> : null;
}
