import { formatDate, GALLERIES_TEXTS, type Image } from '@vitrine/shared';
import { BeforeAfterSlider } from '../../../components/ui/before-after-slider';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { StrokeIcon } from '../../../components/ui/stroke-icon';
import { COLLECTION_ICON_PATHS } from '../../../components/ui/collection-icons';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { useImageSize } from '../../../lib/use-image-size';
import { fullSizeResult, originalThumbnail, resultThumbnail } from '../image-urls';
import { TransformationBadge } from './transformation-badge';

const T = GALLERIES_TEXTS;

export interface ImagePreviewDialogProps {
  /** The image shown; null closes the dialog. */
  image: Image | null;
  onClose: () => void;
  onDownload: (image: Image) => void;
  /** The listing-portals version (decision 093). */
  onDownloadForPortals: (image: Image) => void;
  /** Absent when the user may not delete it (decision 081): no delete button. */
  onDelete?: (image: Image) => void;
  downloading: boolean;
}

/**
 * The image dialog (spec 2.8): the original and the result on a before/after slider (their small
 * WebPs), download, delete, close (the dialog's own button), and a link to the full-size result.
 */
export function ImagePreviewDialog({
  image,
  onClose,
  onDownload,
  onDownloadForPortals,
  onDelete,
  downloading,
}: ImagePreviewDialogProps) {
  return (
    <Dialog
      open={image !== null}
      onClose={onClose}
      size="lg"
      title={image?.name ?? ''}
      description={image ? T.savedOn(formatDate(image.createdAt)) : undefined}
      footer={
        image && (
          <>
            {fullSizeResult(image) && (
              <a
                href={fullSizeResult(image) as string}
                target="_blank"
                rel="noopener noreferrer"
                className="mr-auto inline-flex h-10 items-center text-sm font-medium text-brand-700 hover:underline"
              >
                {T.openFullSize}
              </a>
            )}
            {onDelete && (
              <Button variant="danger" onClick={() => onDelete(image)}>
                <StrokeIcon d={COLLECTION_ICON_PATHS.trash} size={18} />
                {T.delete}
              </Button>
            )}
            <Button
              variant="outline"
              disabled={downloading}
              aria-label={T.downloadForPortalsLabel(image.name)}
              onClick={() => onDownloadForPortals(image)}
            >
              {T.downloadForPortals}
            </Button>
            <Button isLoading={downloading} onClick={() => onDownload(image)}>
              {!downloading && <StrokeIcon d={COLLECTION_ICON_PATHS.download} size={18} />}
              {T.download}
            </Button>
          </>
        )
      }
    >
      {image && (
        <div className="flex flex-col gap-3">
          <TransformationBadge image={image} className="self-start" />
          <Comparison image={image} />
        </div>
      )}
    </Dialog>
  );
}

function Comparison({ image }: { image: Image }) {
  const after = resultThumbnail(image);
  const before = originalThumbnail(image);
  const size = useImageSize(after);
  if (!after || !before) {
    return (
      <div className="aspect-[4/3] overflow-hidden rounded-xl">
        <Thumbnail src={after} alt={T.resultAlt(image.name)} />
      </div>
    );
  }
  // Until the result's size is known, a 4:3 frame (the usual photo shape) holds the place.
  const { width, height } = size ?? { width: 4, height: 3 };
  // The frame takes the picture's proportions within 70 % of the viewport's height: a portrait
  // photo narrows the frame instead of being cropped to the dialog's width.
  return (
    <div className="mx-auto w-full" style={{ maxWidth: `calc(70vh * ${width} / ${height})` }}>
      <BeforeAfterSlider
        label={T.compareLabel(image.name)}
        before={{ src: before, alt: T.originalAlt(image.name), width, height, loading: 'eager' }}
        after={{ src: after, alt: T.resultAlt(image.name), width, height, loading: 'eager' }}
        className="w-full"
      />
    </div>
  );
}
