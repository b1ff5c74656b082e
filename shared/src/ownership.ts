/**
 * Who may rename or delete a project, and delete a saved image (decision 081): its author, and the
 * organization's owner and admins. A plain member cannot destroy a colleague's work. The server
 * enforces it; the web hides the actions a caller may not take, by the same function.
 */
import { hasRole } from './constants';

export interface Actor {
  id: string;
  roles: readonly string[] | undefined;
}

export function mayChangeWorkOf(actor: Actor, authorId: string): boolean {
  return actor.id === authorId || hasRole(actor.roles, 'org_owner', 'org_admin');
}
