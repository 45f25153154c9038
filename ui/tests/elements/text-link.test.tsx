/**
 * TextLink: links pass the core's safe-URL check; http(s) and mailto links (the footer rule,
 * decided by the core) and links asked to open in a new tab say so.
 */
import { screen } from '@testing-library/react';
import { TextLink } from '@shop/ui';
import { loadCore, renderUi } from './helpers';

beforeAll(loadCore);

const NEW_TAB = '(öffnet in einem neuen Tab)';

describe('TextLink', () => {
  it('links a same-origin path in the same tab', () => {
    renderUi(<TextLink href="/service/kontakt">Kontakt</TextLink>);
    const link = screen.getByRole('link', { name: 'Kontakt' });
    expect(link).toHaveAttribute('href', '/service/kontakt');
    expect(link).not.toHaveAttribute('target');
    expect(link).not.toHaveAttribute('rel');
  });

  test.each([
    ['https://www.example.com/app', 'https://www.example.com/app'],
    ['  HTTP://example.com/x', 'http://example.com/x'],
    ['mailto:service@example.com', 'mailto:service@example.com'],
  ])('opens %j in a new tab without opener or referrer, and says so', (href, expected) => {
    renderUi(<TextLink href={href}>Extern</TextLink>);
    const link = screen.getByRole('link', { name: `Extern ${NEW_TAB}` });
    expect(link).toHaveAttribute('href', expected);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('names a link whose content is an icon by its label, the new-tab note included', () => {
    renderUi(
      <>
        <TextLink href="https://social.example/shop" label="Facebook">
          <svg aria-hidden="true" />
        </TextLink>
        <TextLink href="/zahlung" label="Visa">
          <svg aria-hidden="true" />
        </TextLink>
      </>,
    );
    expect(screen.getByRole('link', { name: `Facebook ${NEW_TAB}` })).toHaveAttribute('target', '_blank');
    const visa = screen.getByRole('link', { name: 'Visa' });
    expect(visa).not.toHaveAttribute('target');
    // The note is in the name, not repeated as hidden text.
    expect(screen.getByRole('link', { name: `Facebook ${NEW_TAB}` })).toHaveTextContent(/^$/);
  });

  it('keeps tel: links in the same tab', () => {
    renderUi(<TextLink href="tel:+494012345">Anrufen</TextLink>);
    expect(screen.getByRole('link', { name: 'Anrufen' })).not.toHaveAttribute('target');
  });

  it('opens a same-origin link in a new tab when asked', () => {
    renderUi(
      <TextLink href="/agb" newTab>
        AGB
      </TextLink>,
    );
    const link = screen.getByRole('link', { name: `AGB ${NEW_TAB}` });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test.each([['javascript:alert(1)'], ['//evil.example/x'], ['data:text/html,<b>x</b>'], ['']])(
    'renders the text without a link for the unsafe URL %j',
    (href) => {
      renderUi(<TextLink href={href}>Klick mich</TextLink>);
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
      expect(screen.getByText('Klick mich').tagName).toBe('SPAN');
      expect(document.querySelector('a')).toBeNull();
    },
  );
});
