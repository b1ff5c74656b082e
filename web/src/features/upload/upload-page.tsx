import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { COMMON_TEXTS, WIZARD_TEXTS, DASHBOARD_TEXTS } from '@vitrine/shared';
import { paths } from '../../config/paths';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { Tabs } from '../../components/ui/tabs';
import { ConfigureStep } from './components/configure-step';
import { CreditsBadge } from './components/credits-badge';
import { OutOfCreditsBanner } from './components/out-of-credits-banner';
import { OutOfCreditsDialog } from './components/out-of-credits-dialog';
import { ResultsStep } from './components/results-step';
import { SaveChoiceDialog } from './components/save-choice-dialog';
import { UploadStep } from './components/upload-step';
import { useUploadWizard } from './hooks/use-upload-wizard';
import { UnsavedResultsGuard } from './components/unsaved-results-guard';
import { useWizardProjects } from './wizard-projects';
import { hasUnsavedResults, tabAvailability, type WizardStep } from './wizard-state';

/**
 * /dashboard/upload (spec 2.7): the new transformation wizard; ?project=<id> fixes the project.
 * Rendered by app/routes/dashboard-upload.tsx, which supplies the projects (WizardProjectsProvider).
 */
export function UploadPage() {
  const [searchParams] = useSearchParams();
  const requestedProjectId = searchParams.get('project') || null;
  const { requestedProject } = useWizardProjects();
  // An unknown ?project= (deleted, mistyped, another organization's) must not let a credit be spent
  // on a result that cannot be saved there: the wizard falls back to the picker and says why.
  const projectMissing = requestedProjectId !== null && requestedProject === null;
  const fixedProjectId = projectMissing ? null : requestedProjectId;
  // A different ?project= is a different wizard: the key starts it afresh.
  return (
    <UploadWizardPage
      key={`${fixedProjectId ?? ''}${projectMissing ? '!' : ''}`}
      fixedProjectId={fixedProjectId}
      projectMissing={projectMissing}
    />
  );
}

function UploadWizardPage({
  fixedProjectId,
  projectMissing,
}: {
  fixedProjectId: string | null;
  projectMissing: boolean;
}) {
  const wizard = useUploadWizard(fixedProjectId);
  const { state } = wizard;
  const available = tabAvailability(state);
  const title = WIZARD_TEXTS.newTransformation;
  const sectionRef = useRef<HTMLElement>(null);
  const shownStep = useRef(state.step);

  // Continue, Back, Start and New transformation remove the focused button with their step:
  // keyboard and screen-reader users continue from the new step's panel, not from the top. Only
  // then: arrow keys keep focus on the tabs (WAI-ARIA), and a first render (or StrictMode's second
  // effect run) moves nothing, so a direct load shows no focus ring.
  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    const focused = document.activeElement;
    if (focused && focused !== document.body && sectionRef.current?.contains(focused)) return;
    sectionRef.current?.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden])')?.focus();
  }, [state.step]);

  return (
    <section ref={sectionRef} aria-labelledby="upload-heading" className="mx-auto flex max-w-6xl flex-col gap-5">
      <title>{`${title} | ${COMMON_TEXTS.appName}`}</title>
      <Breadcrumb items={[{ label: DASHBOARD_TEXTS.title, to: paths.dashboard.root.getHref() }, { label: title }]} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="upload-heading" className="text-2xl font-bold sm:text-3xl">
          {title}
        </h1>
        <CreditsBadge credits={state.credits} />
      </div>
      {state.credits !== undefined && state.credits <= 0 && <OutOfCreditsBanner />}
      <Tabs
        label={WIZARD_TEXTS.stepsLabel}
        value={state.step}
        onValueChange={(step) => wizard.goToStep(step as WizardStep)}
        tabs={[
          {
            id: 'upload',
            label: WIZARD_TEXTS.uploadStep,
            disabled: !available.upload,
            content: <UploadStep wizard={wizard} projectMissing={projectMissing} />,
          },
          {
            id: 'configure',
            label: WIZARD_TEXTS.configureStep,
            disabled: !available.configure,
            content: <ConfigureStep wizard={wizard} />,
          },
          {
            id: 'results',
            label: WIZARD_TEXTS.resultsStep,
            disabled: !available.results,
            content: <ResultsStep wizard={wizard} />,
          },
        ]}
      />
      <UnsavedResultsGuard active={hasUnsavedResults(state)} />
      <OutOfCreditsDialog open={state.outOfCreditsOpen} onClose={wizard.closeOutOfCredits} />
      <SaveChoiceDialog target={state.saveTarget} onClose={wizard.closeSaveDialog} onChoose={wizard.saveToChoice} />
    </section>
  );
}
