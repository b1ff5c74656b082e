import { BILLING_TEXTS } from '@vitrine/shared';
import { useSearchParams } from 'react-router-dom';
import { DemoVideo } from '../../../components/demo-video';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

const T = BILLING_TEXTS.tutorial;
/** Spec 2.5 / 9: the query flag set by the payment return link. */
export const TUTORIAL_PARAM = 'showTutorialModal';

/**
 * Spec 2.5: opened by ?showTutorialModal=true; closing it removes the parameter (and only it).
 * `blocked` keeps it closed while a modal the user must answer (the onboarding) is up.
 */
export function TutorialModal({ blocked = false }: { blocked?: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const open = !blocked && searchParams.get(TUTORIAL_PARAM) === 'true';

  const close = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(TUTORIAL_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title={T.title}
      description={T.description}
      footer={<Button onClick={close}>{T.start}</Button>}
    >
      <figure>
        <DemoVideo unsupportedText={T.videoUnsupported} describedBy="tutorial-video-caption" />
        <figcaption id="tutorial-video-caption" className="mt-2 text-center text-xs text-ink-600">
          {T.videoCaption}
        </figcaption>
      </figure>
      <ol className="mt-6 grid gap-4 sm:grid-cols-2">
        {T.steps.map((step, index) => (
          <li key={step.title} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
            >
              {index + 1}
            </span>
            <div>
              <p className="font-semibold">{step.title}</p>
              <p className="text-sm text-ink-600">{step.body}</p>
            </div>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
