import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { PROJECTS_TEXTS } from '@vitrine/shared';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';
import { useProject } from '../api/get-project';

/**
 * The project of a page, or, when it cannot be loaded (missing, another organization's: the API
 * answers 404 alike), the toast 'Projet introuvable ou accès refusé.' and a redirect to `leaveTo`
 * (spec 2.9). A 401 is left to the API client, which already sends the user to /login.
 */
export function useProjectOrLeave(projectId: string, leaveTo: string) {
  const result = useProject(projectId);
  const { toast } = useToast();
  const navigate = useNavigate();
  const left = useRef(false);
  const { error } = result;

  useEffect(() => {
    if (!error || left.current || (error instanceof ApiError && error.status === 401)) return;
    left.current = true;
    toast({ variant: 'error', title: PROJECTS_TEXTS.notFoundOrDenied });
    navigate(leaveTo, { replace: true });
  }, [error, leaveTo, navigate, toast]);

  return result;
}
