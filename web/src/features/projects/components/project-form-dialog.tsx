import { useId, useState } from 'react';
import {
  PROJECT_TYPES,
  PROJECTS_TEXTS,
  projectCreateSchema,
  type Project,
  type ProjectCreateInput,
} from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input, TextArea } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select-field';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/form';

const T = PROJECTS_TEXTS;
const TYPE_OPTIONS = [{ value: '', label: T.typeUnset }, ...PROJECT_TYPES];

/** What differs between creating and editing: titles, the call and its messages. */
export interface ProjectFormMode {
  title: string;
  submitLabel: string;
  /** The project being edited (its fields fill the form); none to create. */
  project?: Project;
  submit: (input: ProjectCreateInput) => Promise<Project>;
  successTitle: string;
  failureTitle: string;
  failureDefault: string;
}

export interface ProjectFormDialogProps {
  open: boolean;
  onClose: () => void;
  mode: ProjectFormMode;
  /** Called with the saved project, after which the dialog closes. */
  onSaved?: (project: Project) => void;
}

/** The project dialog (spec 2.8, rules of spec 5), for a new project or an edit. Its form is rebuilt each time it opens. */
export function ProjectFormDialog({ open, onClose, mode, onSaved }: ProjectFormDialogProps) {
  const formId = useId();
  const [submitting, setSubmitting] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={mode.title}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" form={formId} isLoading={submitting}>
            {mode.submitLabel}
          </Button>
        </>
      }
    >
      {open && (
        <ProjectForm
          id={formId}
          mode={mode}
          onSubmittingChange={setSubmitting}
          onSaved={(project) => {
            onSaved?.(project);
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}

const formValues = (project: Project | undefined) => ({
  name: project?.name ?? '',
  description: project?.description ?? '',
  address: project?.address ?? '',
  size: project?.size === null || project?.size === undefined ? '' : String(project.size).replace('.', ','),
  type: project?.type ?? undefined,
});

function ProjectForm({
  id,
  mode,
  onSaved,
  onSubmittingChange,
}: {
  id: string;
  mode: ProjectFormMode;
  onSaved: (project: Project) => void;
  onSubmittingChange: (submitting: boolean) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(projectCreateSchema, formValues(mode.project));
  const { toast } = useToast();

  const submit = async (input: ProjectCreateInput) => {
    onSubmittingChange(true);
    try {
      const project = await mode.submit(input);
      toast({ variant: 'success', title: mode.successTitle, description: project.name });
      onSaved(project);
    } catch (error) {
      toast({ variant: 'error', title: mode.failureTitle, description: errorMessage(error, mode.failureDefault) });
    } finally {
      onSubmittingChange(false);
    }
  };

  return (
    <form id={id} noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="flex flex-col gap-4">
      <Input label={T.name} required autoFocus {...register('name')} error={errors.name?.message} />
      <TextArea label={T.description} rows={3} {...register('description')} error={errors.description?.message} />
      <Input label={T.address} {...register('address')} error={errors.address?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={T.size}
          // Text, not number: a number input drops the French decimal comma ('112,5' became 1125).
          type="text"
          inputMode="decimal"
          {...register('size')}
          error={errors.size?.message}
        />
        <SelectField
          label={T.type}
          options={TYPE_OPTIONS}
          // 'Non précisé' is no type at all.
          {...register('type', { setValueAs: (value: string) => value || undefined })}
          error={errors.type?.message}
        />
      </div>
    </form>
  );
}
