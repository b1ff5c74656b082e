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
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/form';
import { useCreateProject } from '../api/create-project';
import { SelectField } from '../../../components/ui/select-field';

const T = PROJECTS_TEXTS;
const TYPE_OPTIONS = [{ value: '', label: T.typeUnset }, ...PROJECT_TYPES];

export interface CreateProjectDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new project, after which the dialog closes. */
  onCreated?: (project: Project) => void;
}

/** The create-project dialog (spec 2.8, rules of spec 5). Its form is emptied each time it closes. */
export function CreateProjectDialog({ open, onClose, onCreated }: CreateProjectDialogProps) {
  const formId = useId();
  const [submitting, setSubmitting] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={T.createTitle}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" form={formId} isLoading={submitting}>
            {T.create}
          </Button>
        </>
      }
    >
      {open && (
        <CreateProjectForm
          id={formId}
          onSubmittingChange={setSubmitting}
          onCreated={(project) => {
            onCreated?.(project);
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}

function CreateProjectForm({
  id,
  onCreated,
  onSubmittingChange,
}: {
  id: string;
  onCreated: (project: Project) => void;
  onSubmittingChange: (submitting: boolean) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(projectCreateSchema, { name: '', description: '', address: '', size: '', type: undefined });
  const createProject = useCreateProject();
  const { toast } = useToast();

  const submit = async (input: ProjectCreateInput) => {
    onSubmittingChange(true);
    try {
      const project = await createProject(input);
      toast({ variant: 'success', title: PROJECTS_TEXTS.created, description: project.name });
      onCreated(project);
    } catch (error) {
      toast({
        variant: 'error',
        title: PROJECTS_TEXTS.createFailedTitle,
        description: errorMessage(error, PROJECTS_TEXTS.createFailed),
      });
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
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
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
