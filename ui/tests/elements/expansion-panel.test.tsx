/**
 * ExpansionPanel: the disclosure pattern (a heading with a button that says whether the content
 * it controls is expanded), keyboard operation, and uncontrolled and controlled state.
 */
import { screen } from '@testing-library/react';
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
});
