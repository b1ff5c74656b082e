import { useState } from 'react';
import { PROJECTS_TEXTS, type Project } from '@vitrine/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteProject } from '../api/delete-project';

/**
 * Supprimer (spec 2.9, 5): asks first, saying how many images the project holds and that they
 * stay, unclassified (the API keeps them). Open while `project` is set.
 */
export function DeleteProjectDialog({
  project,
  onClose,
  onDeleted,
}: {
  project: Project | null;
  onClose: () => void;
  onDeleted?: (project: Project) => void;
}) {
  const deleteProject = useDeleteProject();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!project || busy) return;
    setBusy(true);
    try {
      await deleteProject(project.id);
      toast({
        variant: 'success',
        title: PROJECTS_TEXTS.deleted,
        description: PROJECTS_TEXTS.deletedDescription(project.name),
      });
      onDeleted?.(project);
      onClose();
    } catch (error) {
      toast({
        variant: 'error',
        title: PROJECTS_TEXTS.deleteFailedTitle,
        description: errorMessage(error, PROJECTS_TEXTS.deleteFailed),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={project !== null}
      title={project ? PROJECTS_TEXTS.deleteTitle(project.name) : ''}
      description={project ? PROJECTS_TEXTS.deleteBody(project.imageCount) : ''}
      confirmLabel={PROJECTS_TEXTS.delete}
      cancelLabel={PROJECTS_TEXTS.cancel}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => {
        if (!busy) onClose();
      }}
    />
  );
}
