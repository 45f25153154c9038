/**
 * ExpansionPanel: the disclosure pattern (a heading with a button that says whether the content
 * it controls is expanded), keyboard operation (Escape closes and gives the focus back to the
 * button), and uncontrolled and controlled state.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import type { KeyboardEvent } from 'react';
import { ExpansionPanel } from '@shop/ui';
import { loadCore, pressKey, renderUi } from './helpers';

beforeAll(loadCore);

const toggle = () => screen.getByRole('button', { name: 'Service' });
const content = () => screen.getByText('Hilfe und Kontakt');

function expectExpanded(expanded: boolean) {
  expect(toggle()).toHaveAttribute('aria-expanded', String(expanded));
  if (expanded) expect(content()).toBeVisible();
  else expect(content()).not.toBeVisible();
}

describe('ExpansionPanel', () => {
  it('is a level-3 heading holding a button that controls the collapsed content', () => {
    renderUi(
      <ExpansionPanel title="Service">
        <p>Hilfe und Kontakt</p>
      </ExpansionPanel>,
    );
    const heading = screen.getByRole('heading', { level: 3, name: 'Service' });
    expect(heading).toContainElement(toggle());
    const region = document.getElementById(toggle().getAttribute('aria-controls') ?? '');
    expect(region).not.toBeNull();
    expect(region).toContainElement(content());
    expect(region).toHaveAttribute('hidden');
    expectExpanded(false);
  });

  it('opens with Enter and closes with Space', () => {
    const onExpandedChange = jest.fn();
    renderUi(
      <ExpansionPanel title="Service" onExpandedChange={onExpandedChange}>
        <p>Hilfe und Kontakt</p>
      </ExpansionPanel>,
    );
    pressKey(toggle(), 'Enter');
    expectExpanded(true);
    pressKey(toggle(), ' ');
    expectExpanded(false);
    expect(onExpandedChange.mock.calls).toEqual([[true], [false]]);
  });

  it('takes a heading level and an id for its content', () => {
    renderUi(
      <ExpansionPanel title="Service" headingLevel={2} id="footer-service">
        <p>Hilfe und Kontakt</p>
      </ExpansionPanel>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Service' })).toBeInTheDocument();
    expect(toggle()).toHaveAttribute('aria-controls', 'footer-service');
    expect(content().closest('#footer-service')).not.toBeNull();
  });

  it('renders heading level 6, and falls back to level 3 for a level out of range', () => {
    const { unmount } = renderUi(
      <ExpansionPanel title="Service" headingLevel={6}>
        <p>Hilfe und Kontakt</p>
      </ExpansionPanel>,
    );
    expect(screen.getByRole('heading', { level: 6, name: 'Service' })).toContainElement(toggle());
    unmount();

    for (const level of [0, 7, 2.5]) {
      const { container, unmount: remove } = renderUi(
        <ExpansionPanel title="Service" headingLevel={level as 6}>
          <p>Hilfe und Kontakt</p>
        </ExpansionPanel>,
      );
      expect(screen.getByRole('heading', { level: 3, name: 'Service' })).toContainElement(toggle());
      expect(container.querySelectorAll('h1, h2, h4, h5, h6')).toHaveLength(0);
      remove();
    }
  });

  it('starts expanded with defaultExpanded, which counts on mount only', () => {
    const { rerender } = renderUi(
      <ExpansionPanel title="Service" defaultExpanded>
        <p>Hilfe und Kontakt</p>
      </ExpansionPanel>,
    );
    expectExpanded(true);
    rerender(
      <ExpansionPanel title="Service" defaultExpanded={false}>
        <p>Hilfe und Kontakt</p>
      </ExpansionPanel>,
    );
    expectExpanded(true);
  });

  it('controlled: shows `expanded` and asks the owner to change it', () => {
    const onExpandedChange = jest.fn();
    const { rerender } = renderUi(
      <ExpansionPanel title="Service" expanded={false} onExpandedChange={onExpandedChange}>
        <p>Hilfe und Kontakt</p>
      </ExpansionPanel>,
    );
    pressKey(toggle(), 'Enter');
    expect(onExpandedChange).toHaveBeenCalledWith(true);
    expectExpanded(false);

    rerender(
      <ExpansionPanel title="Service" expanded onExpandedChange={onExpandedChange}>
        <p>Hilfe und Kontakt</p>
      </ExpansionPanel>,
    );
    expectExpanded(true);
    pressKey(toggle(), ' ');
    expect(onExpandedChange).toHaveBeenLastCalledWith(false);
    expectExpanded(true);
  });

  describe('Escape', () => {
    const link = () => screen.getByRole('link', { name: 'Service & Hilfe' });
    /** Escape on an element with the focus; true when no handler took the key (its default). */
    function pressEscape(element: HTMLElement): boolean {
      act(() => element.focus());
      expect(element).toHaveFocus();
      return fireEvent.keyDown(element, { key: 'Escape', code: 'Escape' });
    }
    const group = (props: Partial<Parameters<typeof ExpansionPanel>[0]> = {}) => (
      <ExpansionPanel title="Service" {...props}>
        <p>Hilfe und Kontakt</p>
        <a href="/service-hilfe">Service &amp; Hilfe</a>
      </ExpansionPanel>
    );

    it('on a link in the open content closes the panel and gives the focus to its button', () => {
      const onExpandedChange = jest.fn();
      renderUi(group({ onExpandedChange }));
      pressKey(toggle(), 'Enter');
      expectExpanded(true);
      const handled = !pressEscape(link());
      expectExpanded(false);
      expect(toggle()).toHaveFocus();
      expect(handled).toBe(true);
      expect(onExpandedChange.mock.calls).toEqual([[true], [false]]);
    });

    it('on the button of an open panel closes it, the focus staying on the button', () => {
      renderUi(group({ defaultExpanded: true }));
      expect(pressEscape(toggle())).toBe(false);
      expectExpanded(false);
      expect(toggle()).toHaveFocus();
    });

    it('on a collapsed panel is left to the page', () => {
      const onExpandedChange = jest.fn();
      renderUi(group({ onExpandedChange }));
      expect(pressEscape(toggle())).toBe(true);
      expectExpanded(false);
      expect(onExpandedChange).not.toHaveBeenCalled();
    });

    it('controlled: asks the owner to collapse and gives the focus to the button', () => {
      const onExpandedChange = jest.fn();
      renderUi(group({ expanded: true, onExpandedChange }));
      expect(pressEscape(link())).toBe(false);
      expect(onExpandedChange).toHaveBeenCalledWith(false);
      expect(toggle()).toHaveFocus();
    });

    it('leaves a panel that cannot collapse (controlled, no onExpandedChange) open and the focus where it is', () => {
      renderUi(group({ expanded: true }));
      expect(pressEscape(link())).toBe(true);
      expectExpanded(true);
      expect(link()).toHaveFocus();
    });

    it('leaves a press some element inside has already taken alone', () => {
      const onExpandedChange = jest.fn();
      const takeEscape = (event: KeyboardEvent) => {
        if (event.key === 'Escape') event.preventDefault();
      };
      renderUi(
        <ExpansionPanel title="Service" defaultExpanded onExpandedChange={onExpandedChange}>
          <p>Hilfe und Kontakt</p>
          <div onKeyDown={takeEscape}>
            <a href="/service-hilfe">Service &amp; Hilfe</a>
          </div>
        </ExpansionPanel>,
      );
      pressEscape(link());
      expectExpanded(true);
      expect(link()).toHaveFocus();
      expect(onExpandedChange).not.toHaveBeenCalled();
    });

    it('leaves the panel open while an input method is composing', () => {
      const onExpandedChange = jest.fn();
      renderUi(group({ defaultExpanded: true, onExpandedChange }));
      act(() => link().focus());
      const notTaken = fireEvent.keyDown(link(), { key: 'Escape', code: 'Escape', isComposing: true });
      expect(notTaken).toBe(true);
      expectExpanded(true);
      expect(link()).toHaveFocus();
      expect(onExpandedChange).not.toHaveBeenCalled();
    });

    it('closes the innermost open panel only, and the page still hears the key', () => {
      const heard = jest.fn((event: Event) => event.defaultPrevented);
      document.addEventListener('keydown', heard);
      try {
        renderUi(
          <ExpansionPanel title="Kundenservice" defaultExpanded>
            <ExpansionPanel title="Service" defaultExpanded headingLevel={4}>
              <p>Hilfe und Kontakt</p>
              <a href="/service-hilfe">Service &amp; Hilfe</a>
            </ExpansionPanel>
          </ExpansionPanel>,
        );
        const outer = screen.getByRole('button', { name: 'Kundenservice' });
        pressEscape(link());
        expectExpanded(false);
        expect(toggle()).toHaveFocus();
        expect(outer).toHaveAttribute('aria-expanded', 'true');
        expect(heard).toHaveBeenCalledTimes(1);
        expect(heard.mock.results[0]?.value).toBe(true);

        pressEscape(toggle());
        expect(outer).toHaveAttribute('aria-expanded', 'false');
        expect(outer).toHaveFocus();
        expect(heard).toHaveBeenCalledTimes(2);
      } finally {
        document.removeEventListener('keydown', heard);
      }
    });
  });
});
