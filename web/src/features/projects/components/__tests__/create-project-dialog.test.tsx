import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SWRConfig } from 'swr';
import type { Project } from '@vitrine/shared';
import { ToastProvider } from '../../../../components/ui/toast';
import { ApiError } from '../../../../lib/api-error';
import { CreateProjectDialog } from '../create-project-dialog';

const mockApi = jest.fn<Promise<unknown>, [string, { method?: string; body?: unknown }?]>();
jest.mock('../../../../lib/api-client', () => ({
  api: (path: string, options?: { method?: string; body?: unknown }) => mockApi(path, options),
}));

function Harness({ onCreated }: { onCreated: (project: Project) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        ouvrir
      </button>
      <CreateProjectDialog open={open} onClose={() => setOpen(false)} onCreated={onCreated} />
    </>
  );
}

function renderDialog(onCreated = jest.fn()) {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <ToastProvider>
        <Harness onCreated={onCreated} />
      </ToastProvider>
    </SWRConfig>,
  );
  return onCreated;
}

beforeEach(() => mockApi.mockReset());

describe('CreateProjectDialog', () => {
  it('checks the fields with the spec messages before calling the API', async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Nouveau projet' });
    await user.click(within(dialog).getByRole('button', { name: 'Créer le projet' }));
    expect(within(dialog).getByText('Le nom du projet est requis.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Nom du projet/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText(/Nom du projet/), 'Villa');
    await user.type(within(dialog).getByLabelText('Superficie (m²)'), '-3');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le projet' }));
    expect(within(dialog).getByText('La superficie doit être un nombre positif.')).toBeInTheDocument();
    expect(mockApi).not.toHaveBeenCalled();
  });

  it('creates the project, announces it and closes; the form is empty when reopened', async () => {
    const project = { id: 'p9', name: 'Villa des Pins' } as Project;
    mockApi.mockResolvedValue(project);
    const user = userEvent.setup();
    const onCreated = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Nouveau projet' });
    await user.type(within(dialog).getByLabelText(/Nom du projet/), '  Villa des Pins ');
    await user.type(within(dialog).getByLabelText('Superficie (m²)'), '120');
    await user.selectOptions(within(dialog).getByLabelText('Type de bien'), 'house');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le projet' }));

    expect(mockApi).toHaveBeenCalledWith('/projects', {
      method: 'POST',
      body: { name: 'Villa des Pins', description: '', address: '', size: 120, type: 'house' },
    });
    expect(await screen.findByText('Projet Créé')).toBeInTheDocument();
    expect(screen.getByText('Villa des Pins')).toBeInTheDocument();
    expect(onCreated).toHaveBeenCalledWith(project);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ouvrir' }));
    expect(screen.getByLabelText(/Nom du projet/)).toHaveValue('');
  });

  it("reads '112,5' as 112.5 m² and says so when the size is not a number (issue 22)", async () => {
    mockApi.mockResolvedValue({ id: 'p3', name: 'Loft' } as Project);
    const user = userEvent.setup();
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Nouveau projet' });
    await user.type(within(dialog).getByLabelText(/Nom du projet/), 'Loft');
    await user.type(within(dialog).getByLabelText('Superficie (m²)'), '112 m2');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le projet' }));
    expect(within(dialog).getByText('La superficie doit être un nombre, par exemple 112,5.')).toBeInTheDocument();
    expect(mockApi).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText('Superficie (m²)'));
    await user.type(within(dialog).getByLabelText('Superficie (m²)'), '112,5');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le projet' }));
    expect(mockApi).toHaveBeenCalledWith('/projects', {
      method: 'POST',
      body: expect.objectContaining({ name: 'Loft', size: 112.5 }),
    });
  });

  it("sends no type when 'Non précisé' is chosen back", async () => {
    mockApi.mockResolvedValue({ id: 'p1', name: 'Villa' } as Project);
    const user = userEvent.setup();
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Nouveau projet' });
    await user.type(within(dialog).getByLabelText(/Nom du projet/), 'Villa');
    await user.selectOptions(within(dialog).getByLabelText('Type de bien'), 'house');
    await user.selectOptions(within(dialog).getByLabelText('Type de bien'), '');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le projet' }));
    expect(mockApi).toHaveBeenCalledWith('/projects', {
      method: 'POST',
      body: { name: 'Villa', description: '', address: '', size: undefined },
    });
  });

  it('shows the server message under the spec title when creation fails', async () => {
    mockApi.mockRejectedValue(new ApiError(400, 'Type de bien invalide.'));
    const user = userEvent.setup();
    const onCreated = renderDialog();
    await user.type(screen.getByLabelText(/Nom du projet/), 'Villa');
    await user.click(screen.getByRole('button', { name: 'Créer le projet' }));
    expect(await screen.findByText('Erreur lors de la Création du Projet')).toBeInTheDocument();
    expect(screen.getByText('Type de bien invalide.')).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Nouveau projet' })).toBeInTheDocument();
  });
});
