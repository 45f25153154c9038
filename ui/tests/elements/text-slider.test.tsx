/**
 * TextSlider: clamped to a number of lines until expanded; the toggle's state, labels (German by
 * default, translated per site, overridable) and keyboard operation.
 */
import { screen } from '@testing-library/react';
import { TextSlider } from '@shop/ui';
import { loadCore, pressKey, renderUi, uiText } from './helpers';

beforeAll(loadCore);

const TEXT = 'Mit der Anmeldung zum Newsletter stimmst du zu, dass wir dir Angebote senden.';
const text = () => screen.getByText(TEXT);

function expectCollapsed(collapsed: boolean, toggle: HTMLElement) {
  expect(toggle).toHaveAttribute('aria-expanded', String(!collapsed));
  if (collapsed) expect(text()).toHaveClass('sui-text-slider__text--collapsed');
  else expect(text()).not.toHaveClass('sui-text-slider__text--collapsed');
}

describe('TextSlider', () => {
  it('starts collapsed to 3 lines; Enter shows more, Space shows less (German labels)', () => {
    renderUi(<TextSlider>{TEXT}</TextSlider>);
    const more = screen.getByRole('button', { name: 'mehr anzeigen' });
    expect(more).toHaveAttribute('aria-controls', text().id);
    expect(text().style.getPropertyValue('--sui-text-slider-lines')).toBe('3');
    expectCollapsed(true, more);

    pressKey(more, 'Enter');
    const less = screen.getByRole('button', { name: 'weniger anzeigen' });
    expectCollapsed(false, less);

    pressKey(less, ' ');
    expectCollapsed(true, screen.getByRole('button', { name: 'mehr anzeigen' }));
  });

  it('takes a line count and custom labels', () => {
    renderUi(
      <TextSlider lines={2} moreLabel="Alle Bedingungen" lessLabel="Kurzfassung">
        {TEXT}
      </TextSlider>,
    );
    expect(text().style.getPropertyValue('--sui-text-slider-lines')).toBe('2');
    pressKey(screen.getByRole('button', { name: 'Alle Bedingungen' }), 'Enter');
    expectCollapsed(false, screen.getByRole('button', { name: 'Kurzfassung' }));
  });

  it.each([0.5, 0, -2, Number.NaN, Number.POSITIVE_INFINITY])('a line count of %p, which shows no whole line, falls back to 3', (lines) => {
    renderUi(<TextSlider lines={lines}>{TEXT}</TextSlider>);
    expect(text().style.getPropertyValue('--sui-text-slider-lines')).toBe('3');
  });

  it('starts expanded with defaultExpanded', () => {
    renderUi(<TextSlider defaultExpanded>{TEXT}</TextSlider>);
    expectCollapsed(false, screen.getByRole('button', { name: 'weniger anzeigen' }));
  });

  it("uses the site's language (PL)", () => {
    const more = uiText('pl-PL', 'ui.textSlider.more');
    const less = uiText('pl-PL', 'ui.textSlider.less');
    expect(more).not.toBe('mehr anzeigen');
    renderUi(<TextSlider>{TEXT}</TextSlider>, 'PL');
    pressKey(screen.getByRole('button', { name: more }), 'Enter');
    expect(screen.getByRole('button', { name: less })).toHaveAttribute('aria-expanded', 'true');
  });
});
