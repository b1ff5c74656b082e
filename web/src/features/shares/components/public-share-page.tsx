import { useEffect, useState } from 'react';
import {
  disclosureStatement,
  formatDate,
  SHARE_PAGE_TEXTS,
  type PublicShare,
  type PublicShareItem,
} from '@vitrine/shared';
import { BeforeAfterSlider } from '../../../components/ui/before-after-slider';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { fetchBlob, saveBlob } from '../../../lib/download';
import { fetchPublicShare, type PublicShareResult } from '../api/public-share';
import { extensionOf } from '../share-url';

const T = SHARE_PAGE_TEXTS;
/** Shown while a pair's size is unknown (images saved before sizes were recorded). */
const FALLBACK_SIZE = { width: 4, height: 3 };

/** Never indexed (decision 098): the page is for the seller the agent sent it to. */
function Meta({ title }: { title: string }) {
  return (
    <>
      <title>{title}</title>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="description" content={T.description} />
    </>
  );
}

function DownloadButton({ url, fileName, label }: { url: string; fileName: string; label: string }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      saveBlob(await fetchBlob(url), `${fileName}.${extensionOf(url)}`);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <Button variant="outline" size="sm" fullWidth isLoading={state === 'busy'} onClick={() => void download()}>
        {label}
      </Button>
      {state === 'failed' && (
        <p role="alert" className="text-sm text-danger-700">
          {T.downloadFailed}
        </p>
      )}
    </div>
  );
}

function Pair({ item, index }: { item: PublicShareItem; index: number }) {
  const size = item.width && item.height ? { width: item.width, height: item.height } : FALLBACK_SIZE;
  const eager = index === 1;
  const picture = (src: string, alt: string) => ({
    src,
    alt,
    ...size,
    loading: eager ? ('eager' as const) : ('lazy' as const),
    fetchPriority: eager ? ('high' as const) : undefined,
  });
  const altered = item.disclosure === 'altered';
  return (
    <article
      aria-labelledby={`photo-${index}`}
      className="flex flex-col gap-3 rounded-card bg-white p-3 shadow-card sm:p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`photo-${index}`} className="text-lg font-semibold">
          {T.photo(index)}
        </h2>
        <p
          data-testid="disclosure"
          className={`rounded-md px-2 py-1 text-sm font-medium ${altered ? 'bg-accent-100 text-ink-900' : 'bg-ink-100 text-ink-800'}`}
        >
          {disclosureStatement(item.type)}
        </p>
      </div>
      <BeforeAfterSlider
        label={T.compare(index)}
        before={picture(item.originalThumbnailUrl ?? item.originalUrl, T.before(index))}
        after={picture(item.resultThumbnailUrl ?? item.resultUrl, T.after(index))}
      />
      <div className="grid gap-2 sm:grid-cols-2">
        <DownloadButton url={item.originalUrl} fileName={T.fileOriginal(index)} label={T.downloadOriginal} />
        <DownloadButton
          url={item.resultUrl}
          fileName={T.fileAltered(index)}
          label={altered ? T.downloadAltered : T.downloadEnhanced}
        />
      </div>
    </article>
  );
}

function Gone() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-3 p-6 text-center">
      <Meta title={T.goneTitle} />
      <h1 className="text-2xl font-bold">{T.goneTitle}</h1>
      <p className="text-ink-700">{T.gone}</p>
    </main>
  );
}

function SharedPhotos({ share }: { share: PublicShare }) {
  const title = T.title(share.agencyName);
  return (
    <div className="min-h-dvh bg-ink-50">
      <Meta title={title} />
      <header className="bg-white px-4 py-4 shadow-sm">
        <div className="mx-auto flex max-w-3xl items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
          >
            {share.agencyName.trim().charAt(0).toUpperCase()}
          </span>
          <p className="font-semibold text-ink-900" data-testid="agency-name">
            {share.agencyName}
          </p>
        </div>
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-4 px-3 py-5 sm:px-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
          <p className="text-sm text-ink-700">{T.description}</p>
          <p className="text-sm text-ink-700">{T.validUntil(formatDate(share.expiresAt))}</p>
        </div>
        {share.items.length === 0 ? (
          <p className="rounded-card bg-white p-6 text-center text-ink-700 shadow-card">{T.empty}</p>
        ) : (
          share.items.map((item, index) => <Pair key={index} item={item} index={index + 1} />)
        )}
      </main>
    </div>
  );
}

/** /partage/{token}: the pairs a seller was sent, phone first, without an account. */
export function PublicSharePage({ token }: { token: string }) {
  const [result, setResult] = useState<PublicShareResult | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    void fetchPublicShare(token).then((answer) => live && setResult(answer));
    return () => {
      live = false;
    };
  }, [token, attempt]);

  if (!result) return <PageSpinner />;
  if (result.kind === 'gone') return <Gone />;
  if (result.kind === 'failed') {
    return (
      <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 p-6 text-center">
        <Meta title={T.title('')} />
        <p role="alert">{T.failed}</p>
        <Button
          onClick={() => {
            setResult(null);
            setAttempt((count) => count + 1);
          }}
        >
          {T.retry}
        </Button>
      </main>
    );
  }
  return <SharedPhotos share={result.share} />;
}
