import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import {
  API_TEXTS,
  DISCLOSURE_MARK_TEXTS,
  PROJECTS_TEXTS,
  type StartedTransformations,
  TRANSFORMATION_MESSAGES,
  type Project,
  type Transformation,
  type User,
} from '@vitrine/shared';
import { ToastProvider } from '../../../components/ui/toast';
import { fetchBlob, saveBlob } from '../../../lib/download';
import { asRendered } from '../../../testing/text';
import { serverError } from '../../../testing/server-answers';
import { Component as UploadPage } from '../dashboard-upload';

const mockApi = jest.fn<
  Promise<unknown>,
  [string, { method?: string; headers?: Record<string, string>; body?: unknown }?]
>();
jest.mock('../../../lib/api-client', () => ({
  api: (path: string, options?: { method?: string; body?: unknown }) => mockApi(path, options),
}));

let mockCredits = 10;
const mockRevalidateUser = jest.fn();
jest.mock('../../../lib/session', () => ({
  useUser: () => ({
    data: { id: 'u1', organization: { creditBalance: mockCredits } } as unknown as User,
    mutate: mockRevalidateUser,
  }),
}));

jest.mock('../../../features/upload/api/create-upload', () => ({
  ...jest.requireActual('../../../features/upload/api/create-upload'),
  sendFileToStorage: async (_upload: unknown, _file: Blob, options?: { onProgress?: (percent: number) => void }) => {
    options?.onProgress?.(100);
  },
}));
// Downloads save through the browser: what is saved, under which name, is what the tests read.
jest.mock('../../../lib/download', () => ({
  ...jest.requireActual('../../../lib/download'),
  fetchBlob: jest.fn(async () => new Blob(['marked'], { type: 'image/jpeg' })),
  saveBlob: jest.fn(),
}));
jest.mock('../../../features/upload/api/fetch-result', () => ({
  fetchResultBlob: async () => new Blob(['png'], { type: 'image/png' }),
}));

const projects: Project[] = [
  {
    id: 'p1',
    name: 'Villa des Pins',
    description: '',
    address: '',
    size: null,
    imageCount: 0,
    thumbnailUrl: null,
    type: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    userId: 'u1',
    organizationId: 'o1',
  },
];

let objectUrlCount = 0;
const revoked: string[] = [];

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => `blob:test-${++objectUrlCount}`);
  URL.revokeObjectURL = jest.fn((url: string) => void revoked.push(url));
});

beforeEach(() => {
  localStorage.clear();
  mockCredits = 10;
  revoked.length = 0;
  mockApi.mockReset();
  mockApi.mockImplementation(async (path, options) => {
    const method = options?.method ?? 'GET';
    if (path === '/projects?limit=100' && method === 'GET') return { items: projects, nextCursor: null, total: 1 };
    if (path.startsWith('/projects/') && method === 'GET') {
      const project = projects.find((candidate) => `/projects/${candidate.id}` === path);
      if (path === '/projects/unreadable') throw serverError('INTERNAL', API_TEXTS.internal);
      if (!project) throw serverError('NOT_FOUND', PROJECTS_TEXTS.notFoundOrDenied);
      return project;
    }
    if (path === '/uploads')
      return { uploadId: `up-${(options?.body as { fileName: string }).fileName}`, url: 'x', fields: {} };
    if (path.startsWith('/image-processing/')) {
      const { uploadId } = options?.body as { uploadId: string };
      const transformationId = uploadId.replace('up-', 'tx-');
      return {
        transformationId,
        transformationIds: [transformationId],
        groupId: transformationId,
      } satisfies StartedTransformations;
    }
    if (path.startsWith('/transformations/')) {
      const failed = path.includes('sans-ciel');
      return {
        id: path,
        type: 'sky-replacement',
        options: {},
        status: failed ? 'failed' : 'succeeded',
        originalUrl: 'https://s/o',
        resultUrl: failed ? undefined : 'https://s/r',
        message: failed ? TRANSFORMATION_MESSAGES.noSkyDetected : undefined,
        simulated: false,
        creditBalance: 9,
      } satisfies Transformation;
    }
    if (path.startsWith('/images/')) return { id: 'img' };
    if (path.startsWith('/exports/transformations/'))
      return { url: 'https://storage.test/exports/x.jpg', marked: true, contentType: 'image/jpeg' };
    throw new Error(`unexpected ${method} ${path}`);
  });
});

function renderWizard(url = '/dashboard/upload') {
  // A data router, as in the app: the wizard blocks navigation while results are unsaved.
  const router = createMemoryRouter(
    [
      { path: '/dashboard/upload', element: <UploadPage /> },
      { path: '/dashboard', element: <h1>Tableau de bord</h1> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </SWRConfig>,
  );
  return { ...view, router };
}

/** A file starting with the real signature of its type: the wizard reads it (decision 094). */
const SIGNATURES: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/webp': [...'RIFF\u0000\u0000\u0000\u0000WEBP'].map((c) => c.charCodeAt(0)),
};
const photo = (name: string, type = 'image/png') =>
  new File([new Uint8Array([...(SIGNATURES[type] ?? []), 1, 2, 3])], name, { type });

async function addPhotos(user: ReturnType<typeof userEvent.setup>, ...files: File[]) {
  await user.upload(screen.getAllByTestId('wizard-file-input')[0] as HTMLInputElement, files);
}

describe('upload wizard', () => {
  it('shows the breadcrumb, the hint and refuses Continue without photos', async () => {
    const user = userEvent.setup();
    renderWizard();
    const breadcrumb = screen.getByRole('navigation', { name: "Fil d'Ariane" });
    expect(within(breadcrumb).getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByText('Formats acceptés: JPG, PNG, WEBP (max 10MB)')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Télécharger' })).toBeEnabled();
    expect(screen.getByRole('tab', { name: 'Configurer' })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'Résultats' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.getByText('Veuillez ajouter des images avant de continuer.')).toHaveAttribute('role', 'alert');
    expect(await screen.findByRole('option', { name: 'Villa des Pins' })).toBeInTheDocument();
  });

  it('refuses another type at once, shows thumbnails and removes them', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWizard();
    await addPhotos(user, photo('plan.gif', 'image/gif'), photo('salon.png'));
    expect(
      await screen.findByText('plan.gif : Format non pris en charge. Formats acceptés : JPG, PNG, WEBP.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'salon.png' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Configurer' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Retirer salon.png' }));
    expect(screen.queryByRole('img', { name: 'salon.png' })).not.toBeInTheDocument();
    expect(revoked).toContain('blob:test-' + objectUrlCount);
  });

  it('shows each type with its options and defaults', async () => {
    const user = userEvent.setup();
    renderWizard();
    await addPhotos(user, photo('salon.png'));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.getByRole('tab', { name: 'Télécharger' })).toBeDisabled();
    // The Continue button left with its step: focus moves to the new step's panel.
    expect(screen.getByRole('tabpanel')).toHaveFocus();
    const types = screen.getAllByRole('radio');
    expect(types.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Home staging virtuel',
      'Remplacement du ciel',
      'Désencombrement',
      'Rénovation de pièce',
      'Amélioration HDR',
    ]);
    expect(screen.getByRole('radio', { name: 'Amélioration HDR' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Home staging virtuel' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Style' })).toHaveDisplayValue('Scandinave');
    expect(screen.getByRole('combobox', { name: 'Type de pièce' })).toHaveDisplayValue('Salon');
    expect(screen.getByRole('checkbox', { name: 'Changer le sol' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Repeindre les murs en blanc' })).not.toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Remplacement du ciel' }));
    const sky = screen.getByRole('group', { name: 'Type de ciel' });
    expect(
      within(sky)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Ciel bleu', 'Coucher de soleil', 'Enneigé', 'Dramatique', 'Nuit étoilée']);
    expect(within(sky).getByRole('radio', { name: 'Ciel bleu' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Désencombrement' }));
    expect(screen.queryByRole('combobox', { name: 'Style' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(screen.getByRole('img', { name: 'salon.png' })).toBeInTheDocument();
  });

  it('with no credit left shows the red banner and the dialog instead of continuing', async () => {
    mockCredits = 0;
    const user = userEvent.setup();
    renderWizard();
    expect(screen.getByRole('heading', { name: 'Crédits épuisés' })).toBeInTheDocument();
    await addPhotos(user, photo('salon.png'));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    const dialog = screen.getByRole('dialog', { name: 'Crédits épuisés' });
    expect(dialog).toHaveTextContent(
      "Vous n'avez plus de crédits pour transformer des images. Pour continuer à utiliser ce service, veuillez mettre à niveau votre abonnement.",
    );
    expect(within(dialog).getByRole('link', { name: 'Voir les abonnements' })).toHaveAttribute(
      'href',
      '/dashboard/pricing',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Télécharger' })).toHaveAttribute('aria-selected', 'true');
  });

  it('runs every file, shows results and errors, saves, downloads and deletes', async () => {
    const user = userEvent.setup();
    renderWizard();
    await addPhotos(user, photo('facade.png'), photo('sans-ciel.jpg', 'image/jpeg'));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.click(screen.getByRole('radio', { name: 'Remplacement du ciel' }));
    await user.click(screen.getByRole('radio', { name: 'Coucher de soleil' }));
    await user.click(screen.getByRole('button', { name: 'Lancer la transformation' }));

    const card = await screen.findByRole('article', { name: 'facade.png' });
    expect(await within(card).findByRole('img', { name: 'Photo transformée\u00A0: facade.png' })).toBeInTheDocument();
    const failed = screen.getByRole('article', { name: 'sans-ciel.jpg' });
    expect(await within(failed).findByText("Échec de l'amélioration")).toBeInTheDocument();
    expect(failed).toHaveTextContent(
      asRendered(`Échec de la transformation de sans-ciel.jpg. Erreur: ${TRANSFORMATION_MESSAGES.noSkyDetected}`),
    );
    expect(
      await screen.findByText("Certaines images n'ont pas pu être traitées. Veuillez vérifier les résultats."),
    ).toBeInTheDocument();
    expect(mockApi).toHaveBeenCalledWith('/image-processing/sky-replacement', {
      method: 'POST',
      headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f]{32}$/) },
      body: { uploadId: 'up-facade.png', sky_type: 'sunset' },
    });
    expect(screen.getByTestId('wizard-credits')).toHaveTextContent('9');
    expect(mockRevalidateUser).toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: 'Configurer' })).toBeDisabled();

    // An altered result downloads marked by default (decisions 117, 130): the server renders it from
    // the transformation, nobody having saved it yet.
    const version = screen.getByRole('combobox', { name: 'Version' });
    expect(version).toHaveDisplayValue('Avec la mention');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Télécharger facade.png' }));
    expect(mockApi).toHaveBeenCalledWith('/exports/transformations/tx-facade.png?version=marked', undefined);
    expect(jest.mocked(fetchBlob)).toHaveBeenCalledWith('https://storage.test/exports/x.jpg');
    // The base name, _enhanced, the type and option, and the extension of the file's content type.
    expect(jest.mocked(saveBlob)).toHaveBeenCalledWith(expect.any(Blob), 'facade_enhanced_ciel-coucher-de-soleil.jpg');

    // 'Sans mention': the reminder of the duty to disclose, and the result the wizard holds.
    await user.selectOptions(version, 'Sans mention');
    expect(screen.getByRole('note')).toHaveTextContent(asRendered(DISCLOSURE_MARK_TEXTS.cleanReminder));
    const download = within(card).getByRole('link', { name: 'Télécharger facade.png' });
    // A PNG here: the fetched blob says so (decisions 091, 092).
    expect(download).toHaveAttribute('download', 'facade_enhanced_ciel-coucher-de-soleil.png');

    await user.click(within(card).getByRole('button', { name: 'Sauvegarder facade.png' }));
    const dialog = screen.getByRole('dialog', { name: "Sauvegarder l'image" });
    const toProject = within(dialog).getByRole('button', { name: 'Sauvegarder sur ce projet' });
    expect(toProject).toBeDisabled();
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Projet existant' }), 'p1');
    expect(toProject).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Sauvegarder sans projet' }));
    expect(await within(card).findByRole('button', { name: 'Sauvegardé sans projet facade.png' })).toBeDisabled();
    expect(mockApi).toHaveBeenCalledWith('/images/no-project', {
      method: 'POST',
      body: { transformationId: 'tx-facade.png' },
    });
    expect(await screen.findByText('Sauvegardé sans être associé à un projet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tout sauvegarder' })).toBeDisabled();

    const resultUrl = download.getAttribute('href');
    // Spec 5: a deletion asks first; focus then goes to the next card, not to the page body.
    await user.click(within(card).getByRole('button', { name: 'Supprimer facade.png' }));
    const confirm = screen.getByRole('dialog', { name: 'Supprimer ce résultat\u00A0?' });
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(screen.getByRole('article', { name: 'facade.png' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Supprimer facade.png' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Supprimer ce résultat\u00A0?' })).getByRole('button', {
        name: 'Supprimer',
      }),
    );
    expect(screen.queryByRole('article', { name: 'facade.png' })).not.toBeInTheDocument();
    expect(revoked).toContain(resultUrl);
    expect(screen.getByRole('button', { name: 'Supprimer sans-ciel.jpg' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Nouvelle transformation' }));
    expect(screen.getByRole('tab', { name: 'Télécharger' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('img', { name: 'facade.png' })).not.toBeInTheDocument();
  });

  it('regenerates a failed result with the same upload, and stops on a credits error', async () => {
    const user = userEvent.setup();
    renderWizard();
    await addPhotos(user, photo('sans-ciel.png'));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.click(screen.getByRole('button', { name: 'Lancer la transformation' }));
    const card = await screen.findByRole('article', { name: 'sans-ciel.png' });
    expect(await within(card).findByText("Échec de l'amélioration")).toBeInTheDocument();

    const defaultImplementation = mockApi.getMockImplementation();
    mockApi.mockImplementation(async (path, options) => {
      if (path.startsWith('/image-processing/')) {
        throw serverError('INSUFFICIENT_CREDITS', TRANSFORMATION_MESSAGES.insufficientCredits);
      }
      return defaultImplementation?.(path, options);
    });
    await user.click(within(card).getByRole('button', { name: 'Régénérer sans-ciel.png' }));
    // Told by its code: the page and the card say the spec's French, never the API's '(insufficient credits)'.
    expect(await screen.findByText('Traitement interrompu : crédits insuffisants.')).toBeInTheDocument();
    expect(
      within(card).getByText(
        asRendered(
          'Échec de la transformation de sans-ciel.png. Erreur: Traitement interrompu : crédits insuffisants.',
        ),
      ),
    ).toBeInTheDocument();
    expect(within(card).queryByText(/insufficient/i)).not.toBeInTheDocument();
    expect(mockApi.mock.calls.filter(([path]) => path === '/uploads')).toHaveLength(1);
    expect(mockApi).toHaveBeenLastCalledWith('/image-processing/virtual-staging', {
      method: 'POST',
      headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f]{32}$/) },
      body: {
        uploadId: 'up-sans-ciel.png',
        style: 'Scandinavian',
        roomType: 'Living Room',
        changeFloor: false,
        repaintWalls: false,
      },
    });
    // A regeneration is a new attempt: its own Idempotency-Key, so it is not answered with the failed first run.
    const keys = mockApi.mock.calls
      .filter(([path]) => path.startsWith('/image-processing/'))
      .map(([, options]) => options?.headers?.['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });

  it('with ?project= shows the associated project and saves all into it directly', async () => {
    const user = userEvent.setup();
    renderWizard('/dashboard/upload?project=p1');
    expect(await screen.findByText('Villa des Pins')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Projet' })).not.toBeInTheDocument();
    await addPhotos(user, photo('a.png'), photo('b.webp', 'image/webp'));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.click(screen.getByRole('radio', { name: 'Amélioration HDR' }));
    await user.click(screen.getByRole('button', { name: 'Lancer la transformation' }));
    const saveAll = screen.getByRole('button', { name: 'Tout sauvegarder' });
    await act(async () => {
      await screen.findAllByRole('img', { name: /Photo transformée/ });
    });
    expect(mockApi).toHaveBeenCalledWith('/image-processing/enhance', {
      method: 'POST',
      headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f]{32}$/) },
      body: { uploadId: 'up-a.png' },
    });
    expect(saveAll).toBeEnabled();
    await user.click(saveAll);
    expect(await screen.findByRole('button', { name: 'Sauvegardé a.png' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sauvegardé b.webp' })).toBeInTheDocument();
    expect(mockApi).toHaveBeenCalledWith('/images/project/p1', {
      method: 'POST',
      body: { transformationId: 'tx-a.png' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('skips a photo added twice, says so, and forgets the refusals once the list changes', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWizard();
    const salon = photo('salon.png');
    await addPhotos(user, salon, photo('plan.gif', 'image/gif'));
    await addPhotos(user, salon, photo('cuisine.png'));
    expect(
      await screen.findByText("salon.png : Cette photo est déjà ajoutée : elle n'est transformée qu'une fois."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/plan\.gif/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'salon.png' })).toHaveLength(1);
    // Removing a photo moves focus to the remove button now in its place, and clears stale refusals.
    await user.click(screen.getByRole('button', { name: 'Retirer salon.png' }));
    expect(screen.queryByText(/déjà ajoutée/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retirer cuisine.png' })).toHaveFocus();
    await addPhotos(user, photo('jardin.png'));
    // Added once its first bytes are read (its real type): not within the upload's own tick.
    await user.click(await screen.findByRole('button', { name: 'Retirer jardin.png' }));
    expect(screen.getByRole('button', { name: 'Ajouter des photos' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Retirer cuisine.png' }));
    expect(screen.getByRole('button', { name: 'Parcourir' })).toHaveFocus();
  });

  it('falls back to the project picker when ?project= names no project', async () => {
    renderWizard('/dashboard/upload?project=does-not-exist');
    expect(await screen.findByText(/Projet introuvable/)).toHaveAttribute('role', 'alert');
    expect(await screen.findByRole('combobox', { name: 'Projet' })).toHaveValue('');
    expect(screen.queryByText('Projet associé')).not.toBeInTheDocument();
  });

  it('keeps an unreadable ?project= as the associated project, named Projet introuvable, with the error', async () => {
    renderWizard('/dashboard/upload?project=unreadable');
    expect(await screen.findByText('Impossible de charger les détails du projet.')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Projet introuvable')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Projet' })).not.toBeInTheDocument();
  });

  it('warns before leaving unsaved results and restores the last batch afterwards', async () => {
    const user = userEvent.setup();
    const { router } = renderWizard();
    await addPhotos(user, photo('salon.png'));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.click(screen.getByRole('button', { name: 'Lancer la transformation' }));
    await screen.findByRole('img', { name: 'Photo transformée\u00A0: salon.png' });

    // An in-app navigation asks first; staying keeps the results.
    await act(() => router.navigate('/dashboard'));
    const leave = screen.getByRole('dialog', { name: 'Résultats non sauvegardés' });
    await user.click(within(leave).getByRole('button', { name: 'Rester sur la page' }));
    expect(router.state.location.pathname).toBe('/dashboard/upload');
    expect(screen.getByRole('article', { name: 'salon.png' })).toBeInTheDocument();

    // A reload or a closed tab gets the browser's prompt.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    // New transformation asks too, then offers to restore the batch from the server.
    await user.click(screen.getByRole('button', { name: 'Nouvelle transformation' }));
    const confirm = screen.getByRole('dialog', { name: 'Résultats non sauvegardés' });
    await user.click(within(confirm).getByRole('button', { name: 'Nouvelle transformation' }));
    expect(screen.getByRole('tab', { name: 'Télécharger' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Restaurer la dernière série' }));
    const restored = await screen.findByRole('article', { name: 'salon.png' });
    expect(within(restored).getByRole('img', { name: 'Photo transformée\u00A0: salon.png' })).toHaveAttribute(
      'src',
      'https://s/r',
    );
    expect(mockApi).toHaveBeenCalledWith('/transformations/tx-salon.png', expect.anything());

    // Once saved, nothing is left to lose: leaving is silent and nothing is remembered.
    await user.click(within(restored).getByRole('button', { name: 'Sauvegarder salon.png' }));
    await user.click(
      within(screen.getByRole('dialog', { name: "Sauvegarder l'image" })).getByRole('button', {
        name: 'Sauvegarder sans projet',
      }),
    );
    await within(restored).findByRole('button', { name: 'Sauvegardé sans projet salon.png' });
    expect(localStorage.getItem('vitrine:last-batch:u1')).toBeNull();
    const unloadAfterSave = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unloadAfterSave);
    expect(unloadAfterSave.defaultPrevented).toBe(false);
  });

  it('keeps focus on the step tabs with the arrow keys, and focuses nothing on a direct load', async () => {
    const user = userEvent.setup();
    renderWizard();
    expect(document.body).toHaveFocus();
    await addPhotos(user, photo('salon.png'));
    screen.getByRole('tab', { name: 'Télécharger' }).focus();
    await user.keyboard('{ArrowRight}');
    const configure = screen.getByRole('tab', { name: 'Configurer' });
    expect(configure).toHaveAttribute('aria-selected', 'true');
    expect(configure).toHaveFocus();
    // A button that leaves with its step still hands focus to the new step's panel.
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });
});
