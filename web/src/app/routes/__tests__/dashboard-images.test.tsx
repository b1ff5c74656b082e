import { API_TEXTS, DISCLOSURE_MARK_TEXTS } from '@vitrine/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';
import { fetchBlob, saveBlob } from '../../../lib/download';
import { buildZip, type ArchiveEntry } from '../../../lib/zip';
import { makeImage, makeProject, page, projectPage } from '../../../testing/gallery-data';
import { makeUser } from '../../../testing/billing-data';
import { installIntersectionObserver, showObserved } from '../../../testing/intersection-observer';
import { serverError } from '../../../testing/server-answers';
import { asRendered } from '../../../testing/text';
import { Component as ImagesRoute } from '../dashboard-images';

type Call = { method?: string; body?: unknown };
const mockApi = jest.fn<Promise<unknown>, [string, Call?]>();
// The signed-in viewer (GET /users/me): a plain member, author of the fixtures' work (decision 081).
const mockViewer = { user: makeUser({ roles: ['org_member'] }) };
jest.mock('../../../lib/api-client', () => ({
  api: (path: string, options?: Call) =>
    path === '/users/me' ? Promise.resolve(mockViewer.user) : mockApi(path, options),
}));
jest.mock('../../../lib/download', () => ({ fetchBlob: jest.fn(), saveBlob: jest.fn() }));
jest.mock('../../../lib/zip', () => ({ buildZip: jest.fn() }));
const fetchBlobMock = jest.mocked(fetchBlob);
const saveBlobMock = jest.mocked(saveBlob);
const buildZipMock = jest.mocked(buildZip);

const UNCLASSIFIED = '/images/no-project?limit=40';

/** A promise the test settles when it wants: to see what shows while a call runs. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Handler = (path: string, options?: Call) => unknown;
function serve(routes: Record<string, Handler | unknown>, fallback?: Handler) {
  mockApi.mockImplementation(async (path, options) => {
    const key = `${options?.method ?? 'GET'} ${path}`;
    if (key in routes) {
      const route = routes[key];
      return typeof route === 'function' ? (route as Handler)(path, options) : route;
    }
    if (fallback) return fallback(path, options);
    throw new Error(`unexpected ${key}`);
  });
}

/**
 * The export route's answer for an altered image (decision 117): galleries download the marked
 * version unless the user chooses 'Sans mention'.
 */
function signedExport(path: string, signature: string) {
  const id = /^\/exports\/images\/([^?]+)\?version=marked$/.exec(path)?.[1];
  if (!id) throw new Error(`unexpected GET ${path}`);
  return { url: `https://storage.test/exports/${id}.jpg${signature}`, marked: true, contentType: 'image/jpeg' };
}
const markedExport = (path: string) => signedExport(path, '');

function renderPage() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/dashboard/images']}>
          <ImagesRoute />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
}

const unclassified = () => screen.getByRole('region', { name: 'Images non classées' });
const tile = (name: string) => within(unclassified()).getByRole('article', { name });

beforeAll(installIntersectionObserver);
beforeEach(() => {
  mockApi.mockReset();
  fetchBlobMock.mockReset();
  saveBlobMock.mockReset();
  buildZipMock.mockReset();
});

describe('Mes images', () => {
  it('shows 5 project-card and 8 image-tile skeletons while loading, then the empty texts', async () => {
    const projects = deferred<unknown>();
    const images = deferred<unknown>();
    serve({ 'GET /projects?limit=40': () => projects.promise, [`GET ${UNCLASSIFIED}`]: () => images.promise });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Mes images' })).toBeInTheDocument();
    expect(screen.getAllByTestId('project-card-skeleton')).toHaveLength(5);
    expect(screen.getAllByTestId('tile-skeleton')).toHaveLength(8);
    expect(screen.getByRole('button', { name: 'Nouveau projet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nouvelle transformation' })).toHaveAttribute('href', '/dashboard/upload');

    // The list view has its own skeletons: 10 rows.
    await userEvent.setup().click(within(unclassified()).getByRole('button', { name: 'Liste' }));
    expect(screen.getAllByTestId('row-skeleton')).toHaveLength(10);

    await act(async () => {
      projects.resolve(projectPage([]));
      images.resolve(page([]));
    });
    expect(await screen.findByText('Aucun projet trouvé.')).toBeInTheDocument();
    expect(screen.getByText('Aucune image hors projet à afficher.')).toBeInTheDocument();
    expect(screen.queryByTestId('tile-skeleton')).not.toBeInTheDocument();
  });

  it('shows the project cards with their count or Ouvrir, each opening its project from Mes images', async () => {
    serve({
      'GET /projects?limit=40': projectPage([
        makeProject(),
        makeProject({ id: 'p2', name: 'Loft Bastille', imageCount: 0, thumbnailUrl: null }),
      ]),
      [`GET ${UNCLASSIFIED}`]: page([]),
    });
    renderPage();
    const villa = await screen.findByRole('link', { name: /Villa des Pins/ });
    expect(villa).toHaveAttribute('href', '/dashboard/projects/p1?from=images');
    expect(villa).toHaveTextContent('2 images');
    const loft = screen.getByRole('link', { name: /Loft Bastille/ });
    expect(loft).toHaveTextContent('Ouvrir');
    expect(within(loft).getByRole('img')).toHaveTextContent('Aucun aperçu disponible');
  });

  it('loads the next page with its cursor when the user scrolls to the end', async () => {
    serve({
      'GET /projects?limit=40': projectPage([]),
      [`GET ${UNCLASSIFIED}`]: page([makeImage({ id: 'a' }), makeImage({ id: 'b' })], 'cursor-1'),
      [`GET ${UNCLASSIFIED}&cursor=cursor-1`]: page([makeImage({ id: 'b' }), makeImage({ id: 'c' })]),
    });
    renderPage();
    expect(await screen.findByRole('article', { name: 'a.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'c.jpg' })).not.toBeInTheDocument();
    expect(mockApi.mock.calls.filter(([path]) => path.includes('cursor'))).toHaveLength(0);

    act(() => showObserved());
    expect(await screen.findByRole('article', { name: 'c.jpg' })).toBeInTheDocument();
    // A page boundary that moved shows an image once.
    expect(within(unclassified()).getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByTestId('load-more')).not.toBeInTheDocument();
  });

  it('selects, counts, clears, then deletes a selection: deleting state, spec message, selection cleared', async () => {
    const user = userEvent.setup();
    const deletions = new Map<string, ReturnType<typeof deferred<void>>>();
    serve(
      {
        'GET /projects?limit=40': projectPage([]),
        [`GET ${UNCLASSIFIED}`]: page(['a', 'b', 'c'].map((id) => makeImage({ id }))),
      },
      (path, options) => {
        if (options?.method !== 'DELETE') throw new Error(`unexpected ${path}`);
        const pending = deferred<void>();
        deletions.set(path, pending);
        return pending.promise;
      },
    );
    renderPage();
    await screen.findByRole('article', { name: 'a.jpg' });
    const status = within(screen.getByRole('toolbar')).getByRole('status');
    expect(status).toHaveTextContent('Aucune image sélectionnée');

    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner a.jpg' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner b.jpg' }));
    expect(status).toHaveTextContent('2 images sélectionnées');
    await user.click(screen.getByRole('button', { name: 'Tout sélectionner' }));
    expect(status).toHaveTextContent('3 images sélectionnées');
    await user.click(screen.getByRole('button', { name: 'Effacer la sélection' }));
    expect(status).toHaveTextContent('Aucune image sélectionnée');
    expect(screen.getByRole('button', { name: 'Supprimer la sélection' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner a.jpg' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner c.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer la sélection' }));
    const confirm = screen.getByRole('dialog', { name: 'Supprimer 2 images\u00A0?' });
    expect(confirm).toHaveTextContent(
      asRendered('Cette suppression est définitive : les 2 images ne pourront pas être récupérées.'),
    );
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));

    // One call per image, in parallel; both marked as deleting until they answer.
    expect([...deletions.keys()].sort()).toEqual(['/images/a', '/images/c']);
    expect(tile('a.jpg')).toHaveAttribute('aria-busy', 'true');
    expect(within(tile('a.jpg')).getByRole('button', { name: 'Supprimer a.jpg' })).toBeDisabled();
    expect(within(tile('c.jpg')).getByRole('button', { name: 'Télécharger c.jpg' })).toBeDisabled();
    expect(within(tile('b.jpg')).getByRole('button', { name: 'Supprimer b.jpg' })).toBeEnabled();

    await act(async () => {
      for (const pending of deletions.values()) pending.resolve();
    });
    expect(await screen.findByText('2 images supprimées avec succès.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'a.jpg' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'c.jpg' })).not.toBeInTheDocument();
    expect(status).toHaveTextContent('Aucune image sélectionnée');
  });

  it('deletes one image after confirmation, and says why when the server refuses', async () => {
    const user = userEvent.setup();
    let refuse = true;
    serve({
      'GET /projects?limit=40': projectPage([]),
      [`GET ${UNCLASSIFIED}`]: page([makeImage({ id: 'a' }), makeImage({ id: 'b' })]),
      'DELETE /images/a': () => {
        if (refuse) throw serverError('SERVICE_UNAVAILABLE', API_TEXTS.serviceUnavailable);
      },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Supprimer a.jpg' }));
    const confirm = screen.getByRole('dialog', { name: 'Supprimer cette image\u00A0?' });
    expect(confirm).toHaveTextContent(/définitive/);
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    const alert = await screen.findByText(API_TEXTS.serviceUnavailable);
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Erreur');
    expect(tile('a.jpg')).not.toHaveAttribute('aria-busy');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Supprimer a.jpg' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Image supprimée avec succès.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'a.jpg' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'b.jpg' })).toBeInTheDocument();
  });

  it('offers a plain member no deletion of a colleague’s image, alone or in a selection', async () => {
    const user = userEvent.setup();
    serve({
      'GET /projects?limit=40': projectPage([]),
      [`GET ${UNCLASSIFIED}`]: page([makeImage({ id: 'mine' }), makeImage({ id: 'theirs', userId: 'user-2' })]),
    });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Supprimer mine.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer theirs.jpg' })).not.toBeInTheDocument();
    await user.click(within(tile('theirs.jpg')).getByRole('checkbox'));
    expect(screen.getByRole('button', { name: /Supprimer la sélection/ })).toBeDisabled();
  });

  it('lists images in a table with a select-all checkbox, Nom, Transformation, Date and Actions', async () => {
    const user = userEvent.setup();
    serve({
      'GET /projects?limit=40': projectPage([]),
      [`GET ${UNCLASSIFIED}`]: page([makeImage({ id: 'a' }), makeImage({ id: 'b' })]),
    });
    renderPage();
    await screen.findByRole('article', { name: 'a.jpg' });
    await user.click(screen.getByRole('button', { name: 'Liste' }));
    expect(screen.getByRole('button', { name: 'Liste' })).toHaveAttribute('aria-pressed', 'true');
    const table = within(unclassified()).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Nom', 'Transformation', 'Date', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // Each row says its transformation and main option (decision 092).
    expect(within(table).getAllByText('Ciel · Ciel bleu')).toHaveLength(2);
    expect(within(table).getAllByText('4 mars 2026')).toHaveLength(2);
    await user.click(within(table).getByRole('checkbox', { name: 'Sélectionner toutes les images affichées' }));
    expect(within(screen.getByRole('toolbar')).getByRole('status')).toHaveTextContent('2 images sélectionnées');
    await user.click(within(table).getByRole('checkbox', { name: 'Sélectionner toutes les images affichées' }));
    expect(within(screen.getByRole('toolbar')).getByRole('status')).toHaveTextContent('Aucune image sélectionnée');
  });

  it('previews an image on the before/after slider, downloads it under its spec name and closes', async () => {
    const user = userEvent.setup();
    const blob = new Blob(['png']);
    fetchBlobMock.mockResolvedValue(blob);
    serve(
      {
        'GET /projects?limit=40': projectPage([]),
        [`GET ${UNCLASSIFIED}`]: page([makeImage({ id: 'salon' })]),
      },
      markedExport,
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Aperçu salon.jpg' }));
    const dialog = screen.getByRole('dialog', { name: 'salon.jpg' });
    expect(within(dialog).getByRole('slider')).toHaveAttribute('aria-valuenow', '50');
    // The dialog shows the small WebPs; the full-size result is a link away.
    expect(within(dialog).getByRole('img', { name: 'Photo transformée\u00A0: salon.jpg' })).toHaveAttribute(
      'src',
      'https://storage.test/thumbs/salon.webp',
    );
    expect(within(dialog).getByRole('img', { name: 'Photo originale\u00A0: salon.jpg' })).toHaveAttribute(
      'src',
      'https://storage.test/thumbs/salon-original.webp',
    );
    expect(within(dialog).getByRole('link', { name: 'Ouvrir en taille réelle' })).toHaveAttribute(
      'href',
      'https://storage.test/results/salon.jpg',
    );
    expect(within(dialog).getByText('Ciel · Ciel bleu')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Télécharger' }));
    // A sky replacement is an alteration: its marked export (decision 117).
    expect(fetchBlobMock).toHaveBeenCalledWith('https://storage.test/exports/salon.jpg');
    // The base name, the type and option, the result's real extension (decisions 091, 092).
    expect(saveBlobMock).toHaveBeenCalledWith(blob, 'salon_ciel-ciel-bleu.jpg');

    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog', { name: 'salon.jpg' })).not.toBeInTheDocument();
  });

  it('downloads an unsaved result marked through its transformation, or clean with the reminder (decision 130)', async () => {
    const user = userEvent.setup();
    const blob = new Blob(['jpeg']);
    fetchBlobMock.mockResolvedValue(blob);
    const unsavedResult = { ...makeImage({ id: 'tx-terrasse', name: 'terrasse.jpg' }), saved: false };
    serve({ 'GET /projects?limit=40': projectPage([]), [`GET ${UNCLASSIFIED}`]: page([]) }, (path) => {
      if (path.startsWith('/transformations?')) return page([unsavedResult]);
      const id = /^\/exports\/transformations\/([^?]+)\?version=marked$/.exec(path)?.[1];
      if (!id) throw new Error(`unexpected GET ${path}`);
      return { url: `https://storage.test/exports/${id}.jpg`, marked: true, contentType: 'image/jpeg' };
    });
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Non sauvegardées' }));
    const unsaved = screen.getByRole('region', { name: 'Non sauvegardées' });
    await within(unsaved).findByRole('article', { name: 'terrasse.jpg' });
    expect(within(unsaved).getByRole('combobox', { name: 'Version' })).toHaveDisplayValue('Avec la mention');

    await user.click(within(unsaved).getByRole('button', { name: 'Télécharger terrasse.jpg' }));
    // Not an image yet: the marked file comes from its transformation's export.
    expect(mockApi).toHaveBeenCalledWith('/exports/transformations/tx-tx-terrasse?version=marked', undefined);
    expect(fetchBlobMock).toHaveBeenLastCalledWith('https://storage.test/exports/tx-tx-terrasse.jpg');
    expect(saveBlobMock).toHaveBeenLastCalledWith(blob, 'terrasse_ciel-ciel-bleu.jpg');

    await user.selectOptions(within(unsaved).getByRole('combobox', { name: 'Version' }), 'Sans mention');
    expect(within(unsaved).getByRole('note')).toHaveTextContent(asRendered(DISCLOSURE_MARK_TEXTS.cleanReminder));
    await user.click(within(unsaved).getByRole('button', { name: 'Télécharger terrasse.jpg' }));
    expect(fetchBlobMock).toHaveBeenLastCalledWith('https://storage.test/results/tx-terrasse.jpg');
  });

  it('downloads a selection as one ZIP named after the section, each entry under a distinct spec name', async () => {
    const user = userEvent.setup();
    const archive = new Blob(['zip']);
    let entries: readonly ArchiveEntry[] = [];
    buildZipMock.mockImplementation(async (given) => {
      entries = given;
      return archive;
    });
    fetchBlobMock.mockImplementation(async (url) => new Blob([url]));
    serve(
      {
        'GET /projects?limit=40': projectPage([]),
        [`GET ${UNCLASSIFIED}`]: page([
          makeImage({ id: 'a', name: 'salon.jpg' }),
          makeImage({ id: 'b', name: 'salon.jpg' }),
          makeImage({ id: 'c', name: 'cuisine' }),
        ]),
      },
      markedExport,
    );
    renderPage();
    await screen.findByRole('article', { name: 'cuisine' });
    await user.click(screen.getByRole('button', { name: 'Tout sélectionner' }));
    await user.click(screen.getByRole('button', { name: 'Télécharger la sélection' }));

    await waitFor(() => expect(saveBlobMock).toHaveBeenCalledWith(archive, 'Images non classées.zip'));
    expect(entries.map((entry) => entry.name)).toEqual([
      'salon_ciel-ciel-bleu.jpg',
      'salon_ciel-ciel-bleu (2).jpg',
      'cuisine_ciel-ciel-bleu.jpg',
    ]);
    expect(entries[0]?.lastModified).toEqual(new Date('2026-03-04T10:00:00.000Z'));
    // Each entry is the full-size marked export, fetched when the archive reaches it.
    expect(fetchBlobMock).not.toHaveBeenCalled();
    await entries[1]?.load();
    expect(fetchBlobMock).toHaveBeenCalledWith('https://storage.test/exports/b.jpg');
  });

  it('names ZIP entries after their type and option, so versions of one photo say what they are', async () => {
    const user = userEvent.setup();
    let entries: readonly ArchiveEntry[] = [];
    buildZipMock.mockImplementation(async (given) => {
      entries = given;
      return new Blob(['zip']);
    });
    serve({
      'GET /projects?limit=40': projectPage([]),
      [`GET ${UNCLASSIFIED}`]: page([
        makeImage({ id: 'a', name: 'x.png', options: { sky_type: 'sunset' } }),
        makeImage({ id: 'b', name: 'x.png', options: { sky_type: 'dramatic' } }),
        makeImage({ id: 'c', name: 'x.png', type: 'declutter', options: {}, resultContentType: 'image/png' }),
      ]),
    });
    renderPage();
    expect(await screen.findAllByRole('article', { name: 'x.png' })).toHaveLength(3);
    expect(screen.getByText('Ciel · Coucher de soleil')).toBeInTheDocument();
    expect(screen.getByText('Désencombrement')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tout sélectionner' }));
    await user.click(screen.getByRole('button', { name: 'Télécharger la sélection' }));
    await waitFor(() => expect(entries).toHaveLength(3));
    expect(entries.map((entry) => entry.name)).toEqual([
      'x_ciel-coucher-de-soleil.jpg',
      'x_ciel-dramatique.jpg',
      'x_desencombrement.png',
    ]);
  });

  it('refuses a download without URL and reports a failed one (spec 8)', async () => {
    const user = userEvent.setup();
    fetchBlobMock.mockRejectedValue(new ApiError(403, ''));
    serve({
      'GET /projects?limit=40': projectPage([]),
      [`GET ${UNCLASSIFIED}`]: page([
        makeImage({ id: 'a' }),
        makeImage({ id: 'b', transformedSignedUrl: null, url: null, thumbnailUrl: null }),
      ]),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Télécharger b.jpg' }));
    expect(await screen.findByText("L'URL de l'image n'est pas disponible.")).toBeInTheDocument();
    expect(screen.getAllByText('Échec du téléchargement')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Télécharger a.jpg' }));
    expect(await screen.findByText("Impossible de récupérer l'image. Veuillez réessayer.")).toBeInTheDocument();
    expect(saveBlobMock).not.toHaveBeenCalled();
  });

  it('fetches fresh signed URLs and tries once more when a download fails (URLs expire)', async () => {
    const user = userEvent.setup();
    const blob = new Blob(['png']);
    fetchBlobMock.mockImplementation(async (url) => {
      if (url.includes('expired')) throw new ApiError(403, '');
      return blob;
    });
    // Signed by the export route when the download starts, then again for the retry.
    let signature = '?expired';
    serve(
      {
        'GET /projects?limit=40': projectPage([]),
        [`GET ${UNCLASSIFIED}`]: page([makeImage({ id: 'salon' })]),
      },
      (path) => {
        const answer = signedExport(path, signature);
        signature = '?fresh';
        return answer;
      },
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Télécharger salon.jpg' }));
    await waitFor(() => expect(saveBlobMock).toHaveBeenCalledWith(blob, 'salon_ciel-ciel-bleu.jpg'));
    expect(fetchBlobMock.mock.calls.map(([url]) => url)).toEqual([
      'https://storage.test/exports/salon.jpg?expired',
      'https://storage.test/exports/salon.jpg?fresh',
    ]);
    expect(screen.queryByText('Échec du téléchargement')).not.toBeInTheDocument();
  });

  it('shows thumbnails, falls back to the full-size URL, and says Erreur de chargement, then asks for fresh URLs', async () => {
    serve({
      'GET /projects?limit=40': projectPage([]),
      [`GET ${UNCLASSIFIED}`]: page([
        makeImage({ id: 'a' }),
        makeImage({ id: 'b', thumbnailUrl: null }),
        makeImage({ id: 'c', thumbnailUrl: null, transformedSignedUrl: null, url: null }),
      ]),
    });
    renderPage();
    const a = await screen.findByRole('img', { name: 'Photo transformée\u00A0: a.jpg' });
    expect(a).toHaveAttribute('src', 'https://storage.test/thumbs/a.webp');
    expect(screen.getByRole('img', { name: 'Photo transformée\u00A0: b.jpg' })).toHaveAttribute(
      'src',
      'https://storage.test/results/b.jpg',
    );
    expect(screen.getByRole('img', { name: 'Photo transformée\u00A0: c.jpg' })).toHaveTextContent(
      'Aucun aperçu disponible',
    );

    const listCalls = () => mockApi.mock.calls.filter(([path]) => path === UNCLASSIFIED).length;
    const before = listCalls();
    fireEvent.error(a);
    expect(screen.getByRole('img', { name: 'Photo transformée\u00A0: a.jpg' })).toHaveTextContent(
      'Erreur de chargement',
    );
    // An expired signed URL is the usual cause: the list is fetched again for new ones.
    await waitFor(() => expect(listCalls()).toBe(before + 1));
  });
});
