import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHARE_PAGE_TEXTS, type PublicShare } from '@vitrine/shared';
import { fetchBlob, saveBlob } from '../../../lib/download';
import { asRendered } from '../../../testing/text';
import { fetchPublicShare } from '../api/public-share';
import { PublicSharePage } from '../components/public-share-page';

jest.mock('../api/public-share', () => ({ fetchPublicShare: jest.fn() }));
jest.mock('../../../lib/download', () => ({ fetchBlob: jest.fn(), saveBlob: jest.fn() }));
const fetchMock = jest.mocked(fetchPublicShare);

const share: PublicShare = {
  agencyName: 'Agence Démo',
  expiresAt: '2027-02-24T10:00:00.000Z',
  items: [
    {
      type: 'virtual-staging',
      disclosure: 'altered',
      width: 1600,
      height: 1200,
      originalUrl: 'https://s3.example/normalised/o/t1.jpg?sig=1',
      resultUrl: 'https://s3.example/results/o/t1.png?sig=2',
      originalThumbnailUrl: 'https://s3.example/thumbnails/o/t1/original.webp?sig=3',
      resultThumbnailUrl: 'https://s3.example/thumbnails/o/t1/result.webp?sig=4',
    },
    {
      type: 'enhance',
      disclosure: 'routine',
      width: null,
      height: null,
      originalUrl: 'https://s3.example/normalised/o/t2.jpg?sig=5',
      resultUrl: 'https://s3.example/results/o/t2.jpg?sig=6',
      originalThumbnailUrl: null,
      resultThumbnailUrl: null,
    },
  ],
};

afterEach(() => jest.clearAllMocks());

it('shows each pair with what was changed, and downloads the original under a plain name', async () => {
  fetchMock.mockResolvedValue({ kind: 'ok', share });
  jest.mocked(fetchBlob).mockResolvedValue(new Blob(['x']));
  render(<PublicSharePage token="t" />);
  expect(await screen.findByRole('heading', { level: 1, name: SHARE_PAGE_TEXTS.title('Agence Démo') })).toBeVisible();
  const [staged, enhanced] = screen.getAllByRole('article');
  expect(within(staged!).getByText(asRendered('Photo retouchée : ameublement virtuel'))).toBeVisible();
  expect(within(enhanced!).getByText(asRendered('Retouche courante : exposition et couleurs'))).toBeVisible();
  // The slider shows the small thumbnails, falling back to the full-size files.
  expect(within(staged!).getByRole('img', { name: SHARE_PAGE_TEXTS.before(1) })).toHaveAttribute(
    'src',
    share.items[0]!.originalThumbnailUrl,
  );
  expect(within(enhanced!).getByRole('img', { name: SHARE_PAGE_TEXTS.after(2) })).toHaveAttribute(
    'src',
    share.items[1]!.resultUrl,
  );
  expect(within(enhanced!).getByRole('button', { name: SHARE_PAGE_TEXTS.downloadEnhanced })).toBeVisible();

  await userEvent.click(within(staged!).getByRole('button', { name: SHARE_PAGE_TEXTS.downloadOriginal }));
  expect(fetchBlob).toHaveBeenCalledWith(share.items[0]!.originalUrl);
  expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'photo-1-originale.jpg');
  expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
});

it('shows the French expired-or-withdrawn page and no image for a dead link', async () => {
  fetchMock.mockResolvedValue({ kind: 'gone' });
  render(<PublicSharePage token="t" />);
  expect(await screen.findByRole('heading', { level: 1, name: SHARE_PAGE_TEXTS.goneTitle })).toBeVisible();
  expect(screen.getByText(SHARE_PAGE_TEXTS.gone)).toBeVisible();
  expect(screen.queryByRole('img')).toBeNull();
});
