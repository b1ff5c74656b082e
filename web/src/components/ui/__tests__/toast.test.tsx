import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider, useToast } from '../toast';

function Trigger() {
  const { toast } = useToast();
  return (
    <>
      <button type="button" onClick={() => toast({ title: 'Profil mis à jour', variant: 'success', durationMs: 1000 })}>
        succès
      </button>
      <button
        type="button"
        onClick={() =>
          toast({ title: 'Échec de la mise à jour', description: 'Réessayez.', variant: 'error', durationMs: 0 })
        }
      >
        erreur
      </button>
    </>
  );
}

describe('toasts', () => {
  afterEach(() => jest.useRealTimers());

  it('announces success politely and disappears after its duration', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'succès' }));
    expect(screen.getByRole('status')).toHaveTextContent('Profil mis à jour');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('Profil mis à jour')).not.toBeInTheDocument();
  });

  it('announces errors assertively and closes with the French close button', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'erreur' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Échec de la mise à jourRéessayez.');
    await user.click(screen.getByRole('button', { name: 'Fermer la notification' }));
    expect(screen.queryByText('Échec de la mise à jour')).not.toBeInTheDocument();
  });

  it('throws a clear error outside the provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger />)).toThrow('useToast must be used inside <ToastProvider>');
  });
});
