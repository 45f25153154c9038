/**
 * The theme-world flyout (header spec section 2 "Main navigation bar", section 3 "Theme-world
 * flyout data", section 9 section order and end-date text): the overview link, then the
 * sections in the core's order (scout, new, more, lastChance; the core leaves empty ones out),
 * each with its headline (the service's, else ours) and its theme worlds.
 *
 * A theme world: a link holding the image and the title, then its badges (texts from the
 * answer's translations, through the core), the loyalty-card flag (our text), the sublines
 * (availabilities, translated by the answer through the core), the end date worded per locale
 * (`navigation.themeWorlds.endDate`: DE "Endet am 24.12.", HU "12.24-ig elérhető"; the
 * service's `endDateText` only when it sent no readable date) and `onlyXDaysLeftText` as given.
 * Only the link is focusable; the rest reads after it.
 */
import { useId } from 'react';
import type { ThemeWorld, ThemeWorldFlyout as ThemeWorldData } from '@shop/core';
import type { Translate } from '@shop/texts';
import { TeaserPicture } from './TeaserPicture';

export interface ThemeWorldFlyoutProps {
  data: ThemeWorldData;
  /** Images come without a size: the core's teaser size (488 × 287). */
  imageWidth: number;
  imageHeight: number;
  /** Whether a link's page is the current page (the core's path comparison). */
  isCurrent(url: string): boolean;
  onFollow(labels: string[]): void;
  t: Translate;
}

function endDateOf(world: ThemeWorld, t: Translate): string | undefined {
  if (world.endDate) return t('navigation.themeWorlds.endDate', { day: world.endDate.day, month: world.endDate.month });
  return world.endDateText;
}

function ThemeWorldTeaser({
  world,
  fallbackTitle,
  labels,
  imageWidth,
  imageHeight,
  isCurrent,
  onFollow,
  t,
}: Omit<ThemeWorldFlyoutProps, 'data'> & { world: ThemeWorld; fallbackTitle: string; labels: string[] }) {
  const title = world.title ?? fallbackTitle;
  const endDate = endDateOf(world, t);
  const hasBadges = world.badges.length > 0 || world.loyaltyCard;
  return (
    <li className="shd-nav__world">
      <a
        className="shd-nav__world-link"
        href={world.url}
        aria-current={isCurrent(world.url) ? 'page' : undefined}
        onClick={() => onFollow([...labels, title])}
      >
        {world.imageUrl && (
          <TeaserPicture
            src={world.imageUrl}
            width={imageWidth}
            height={imageHeight}
          />
        )}
        <span className="shd-nav__world-title">{title}</span>
      </a>
      {hasBadges && (
        <ul className="shd-nav__badges">
          {world.badges.map((badge) => (
            <li key={badge.key} className={`shd-nav__badge shd-nav__badge--${badge.key}`}>
              {badge.text}
            </li>
          ))}
          {world.loyaltyCard && (
            <li className="shd-nav__badge shd-nav__badge--loyalty-card">{t('navigation.themeWorlds.loyaltyCard')}</li>
          )}
        </ul>
      )}
      {world.sublines.map((subline, i) => (
        <p key={i} className="shd-nav__world-subline">
          {subline}
        </p>
      ))}
      {endDate && <p className="shd-nav__world-end">{endDate}</p>}
      {world.onlyXDaysLeftText && <p className="shd-nav__world-days-left">{world.onlyXDaysLeftText}</p>}
    </li>
  );
}

export function ThemeWorldFlyout({ data, onFollow, t, ...teaser }: ThemeWorldFlyoutProps) {
  const baseId = useId();
  const labels = [data.overview.title];
  return (
    <div className="shd-nav__theme-worlds">
      <a
        className="shd-nav__overview"
        href={data.overview.url}
        aria-current={teaser.isCurrent(data.overview.url) ? 'page' : undefined}
        onClick={() => onFollow(labels)}
      >
        {data.overview.title}
      </a>
      {data.sections.map((section) => {
        const headline = section.headline ?? t(`navigation.section.${section.key}`);
        const headingId = `${baseId}-${section.key}`;
        return (
          <section
            key={section.key}
            className={`shd-nav__section shd-nav__section--${section.key}`}
            data-section={section.key}
            aria-labelledby={headingId}
          >
            <h2 id={headingId} className="shd-nav__section-title">
              {headline}
            </h2>
            <ul className="shd-nav__worlds">
              {section.themeWorlds.map((world, i) => (
                <ThemeWorldTeaser
                  key={`${i}-${world.url}`}
                  world={world}
                  fallbackTitle={headline}
                  labels={labels}
                  onFollow={onFollow}
                  t={t}
                  {...teaser}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
