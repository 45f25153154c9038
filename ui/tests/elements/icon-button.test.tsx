/** IconButton: its name is the label, the icon is decorative, a blank label is reported. */
import { fireEvent, screen } from '@testing-library/react';
import { IconButton } from '@shop/ui';
import { loadCore, pressKey, renderUi } from './helpers';

beforeAll(loadCore);

afterEach(() => jest.restoreAllMocks());

describe('IconButton', () => {
  it('is named by its label alone; the icon is hidden from assistive technology', () => {
    const onClick = jest.fn();
    renderUi(<IconButton label="Schließen" icon={<span data-testid="icon">×</span>} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Schließen' });
    expect(button).toHaveAttribute('type', 'button');
    expect(screen.getByTestId('icon').closest('[aria-hidden="true"]')).not.toBeNull();

    fireEvent.click(button);
    pressKey(button, 'Enter');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('logs an error for a blank label and still renders', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderUi(<IconButton label="   " icon={<span>×</span>} />);
    expect(error).toHaveBeenCalledWith('@shop/ui: IconButton needs a label');
    expect(screen.getByRole('button')).toBeInTheDocument();
  });

  it('logs nothing for a proper label', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderUi(<IconButton label="Menü" icon={<span>≡</span>} />);
    expect(error).not.toHaveBeenCalled();
  });
});
