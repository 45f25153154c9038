/**
 * The user menu flyout (header spec sections 2 "User menu flyout", 6): what `core.userMenu(site,
 * visitor)` lists, in its order. Logged out: a welcome text with Login and Register; logged in or
 * remembered: "Hallo {name}" and Logout. Then the links (account, loyalty card, orders, watch
 * list, beans with the balance written as the site writes numbers, mobile plan and community in a new tab, help and service), each
 * as the core gives it for the site. Actions are link buttons, links text links (both pass the
 * core's `safeUrl`); new-tab links get `rel="noopener noreferrer"` and the design system's hidden
 * "(opens in a new tab)". Like the store finder's, the flyout is a region named by its
 * headline (the welcome), a heading a screen reader can jump to.
 */
import { useId, useMemo } from 'react';
import type { PersonalData, UserActionKind } from '@shop/core';
import { headerTexts } from '@shop/texts';
import { Button, TextLink, useUi, useTranslate, withBasePath } from '@shop/ui';

export interface UserMenuFlyoutProps {
  /** The visitor's personal data (`useVisitor`); logged out until it is known. */
  visitor: PersonalData;
  /** The site's path prefix (`/at`), for the site's own links. */
  basePath?: string;
}

const ACTION_TEXT: Record<UserActionKind, string> = {
  LOGIN: 'header.userMenu.login',
  REGISTER: 'header.userMenu.register',
  LOGOUT: 'header.userMenu.logout',
};

export function UserMenuFlyout({ visitor, basePath = '' }: UserMenuFlyoutProps) {
  const { core, site } = useUi();
  const t = useTranslate(headerTexts);
  const menu = useMemo(() => core.userMenu(site, visitor), [core, site, visitor]);
  const headingId = useId();

  const welcome = menu.loggedIn
    ? menu.customerName
      ? t('header.userMenu.greeting', { name: menu.customerName })
      : t('header.userMenu.greetingNoName')
    : t('header.userMenu.welcome');

  return (
    <section className="shd-user-menu" aria-labelledby={headingId}>
      <h2 id={headingId} className="shd-flyout__headline">
        {welcome}
      </h2>
      <div className="shd-user-menu__actions">
        {menu.actions.map((action) => (
          <Button
            key={action.kind}
            variant={action.kind === 'LOGIN' ? 'primary' : 'secondary'}
            href={withBasePath(basePath, action.url)}
          >
            {t(ACTION_TEXT[action.kind])}
          </Button>
        ))}
      </div>
      <ul className="shd-flyout__links">
        {menu.links.map((link) => (
          <li key={link.kind}>
            <TextLink href={withBasePath(basePath, link.url)} newTab={link.newTab}>
              {t(`header.userMenu.${link.kind}`, { count: core.formatCount(link.beans ?? 0, site) })}
            </TextLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
