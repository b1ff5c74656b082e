import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog } from '../dialog';

function Harness({ dismissable }: { dismissable?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'ouvert' : 'fermé'}</p>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Bienvenue"
        description="Découvrez Vitrine"
        dismissable={dismissable}
      >
        <button type="button">Commencer</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is labelled by its title and description', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Bienvenue' });
    expect(dialog).toHaveAccessibleDescription('Découvrez Vitrine');
    expect(dialog).toHaveAttribute('open');
  });

  it('closes with the French close button, Escape and a backdrop click', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.getByText('fermé')).toBeInTheDocument();
    unmount();

    render(<Harness />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByText('fermé')).toBeInTheDocument();
  });

  it('closes on a click on the backdrop but not inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Commencer' }));
    expect(screen.getByText('ouvert')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('dialog'));
    expect(screen.getByText('fermé')).toBeInTheDocument();
  });

  it('non-dismissable: no close button, Escape, cancel and outside clicks do nothing', () => {
    render(<Harness dismissable={false} />);
    const dialog = screen.getByRole('dialog');
    expect(screen.queryByRole('button', { name: 'Fermer' })).not.toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    fireEvent.click(dialog);
    expect(screen.getByText('ouvert')).toBeInTheDocument();
    expect(dialog).toHaveAttribute('open');
  });
});
