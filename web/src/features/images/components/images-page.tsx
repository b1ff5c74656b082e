import type { ReactNode } from 'react';
import { COMMON_TEXTS, DASHBOARD_TEXTS, GALLERIES_TEXTS, TRANSFORMATION_HISTORY_DAYS } from '@vitrine/shared';
import { Link, useSearchParams } from 'react-router-dom';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { buttonClasses } from '../../../components/ui/button';
import { ICON_PATHS, StrokeIcon } from '../../../components/ui/stroke-icon';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { ImageGallery, type SelectionActions } from './image-gallery';

const T = GALLERIES_TEXTS;
const UNSAVED = { unsaved: true } as const;
const UNSAVED_VIEW = 'non-sauvegardees';

/** 'Nouvelle transformation': to the wizard (spec 2.9). */
export function NewTransformationLink({ projectId }: { projectId?: string }) {
  return (
    <Link to={paths.dashboard.upload.getHref(projectId)} className={buttonClasses({ size: 'sm' })}>
      <StrokeIcon d={ICON_PATHS.plus} size={16} />
      {T.newTransformation}
    </Link>
  );
}

/**
 * /dashboard/images, 'Mes images' (spec 2.9): the projects section (composed in by the route:
 * project cards belong to the projects feature), then, in two tabs, the images saved without a
 * project and the results of the last 30 days nobody saved (decision 090): nothing paid for
 * disappears.
 */
export function ImagesPage({
  projectsSection,
  selectionActions,
}: {
  projectsSection: ReactNode;
  selectionActions?: SelectionActions;
}) {
  // ?vue=non-sauvegardees opens the unsaved results (a link can lead there).
  const [params, setParams] = useSearchParams();
  const showUnsaved = params.get('vue') === UNSAVED_VIEW;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8">
      <title>{`${T.title} | ${COMMON_TEXTS.appName}`}</title>
      <div className="flex flex-col gap-3">
        <Breadcrumb
          items={[{ label: DASHBOARD_TEXTS.title, to: paths.dashboard.root.getHref() }, { label: T.title }]}
        />
        <h1 className="text-2xl font-bold sm:text-3xl">{T.title}</h1>
      </div>
      {projectsSection}
      <Tabs
        label={T.imagesViews}
        value={showUnsaved ? UNSAVED_VIEW : 'unclassified'}
        onValueChange={(id) => setParams(id === UNSAVED_VIEW ? { vue: UNSAVED_VIEW } : {}, { replace: true })}
        tabs={[
          {
            id: 'unclassified',
            label: T.unclassifiedSection,
            content: (
              <ImageGallery
                scope={{ projectId: null }}
                title={T.unclassifiedSection}
                archiveLabel={T.unclassifiedSection}
                emptyText={T.emptyUnclassified}
                loadFailedText={T.imagesLoadFailed}
                actions={<NewTransformationLink />}
                selectionActions={selectionActions}
              />
            ),
          },
          {
            id: UNSAVED_VIEW,
            label: T.unsavedSection,
            content: (
              <ImageGallery
                scope={UNSAVED}
                title={T.unsavedSection}
                intro={T.unsavedIntro(TRANSFORMATION_HISTORY_DAYS)}
                archiveLabel={T.unsavedArchive}
                emptyText={T.emptyUnsaved}
                loadFailedText={T.unsavedLoadFailed}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
