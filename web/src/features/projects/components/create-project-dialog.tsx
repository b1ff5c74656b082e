import { useId, useState, type FormEvent } from 'react';
import { PROJECT_TYPES, projectCreateSchema, type Project, PROJECTS_TEXTS } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
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

type FieldName = 'name' | 'description' | 'address' | 'size' | 'type';
type FieldErrors = Partial<Record<FieldName, string>>;

const EMPTY = { name: '', description: '', address: '', size: '', type: '' };

function CreateProjectForm({
  id,
  onCreated,
  onSubmittingChange,
}: {
  id: string;
  onCreated: (project: Project) => void;
  onSubmittingChange: (submitting: boolean) => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const createProject = useCreateProject();
  const { toast } = useToast();
  const descriptionId = useId();

  const change = (field: FieldName) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = projectCreateSchema.safeParse({ ...values, type: values.type || undefined });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as FieldName] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    onSubmittingChange(true);
    try {
      const project = await createProject(parsed.data);
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
    <form id={id} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <Input
        label={T.name}
        required
        autoFocus
        value={values.name}
        onChange={(event) => change('name')(event.target.value)}
        error={errors.name}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={descriptionId} className="text-sm font-medium text-ink-800">
          {T.description}
        </label>
        <textarea
          id={descriptionId}
          rows={3}
          value={values.description}
          onChange={(event) => change('description')(event.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
          className="w-full rounded-lg border border-ink-300 bg-white px-3 py-2 text-base text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500 sm:text-sm"
        />
        {errors.description && (
          <p id={`${descriptionId}-error`} className="text-sm text-danger-700">
            {errors.description}
          </p>
        )}
      </div>
      <Input
        label={T.address}
        value={values.address}
        onChange={(event) => change('address')(event.target.value)}
        error={errors.address}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={T.size}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={values.size}
          onChange={(event) => change('size')(event.target.value)}
          error={errors.size}
        />
        <SelectField
          label={T.type}
          value={values.type}
          onValueChange={change('type')}
          options={TYPE_OPTIONS}
          error={errors.type}
        />
      </div>
    </form>
  );
}
