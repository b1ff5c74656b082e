/**
 * Bodies of the team API (spec 7: POST and PUT /organizations/{id}/users), with the spec's French
 * messages (spec 5: "Add organization user: email required. Edit user: email and role required").
 * Their own module, like billing-schemas.ts: only the Lambdas and forms that read them bundle them.
 */
import * as z from 'zod/mini';
import { FIELD_LIMITS } from './constants';
import { safeText } from './safe-text';
import { TEAM_API_TEXTS } from './texts/team-api';
import { VALIDATION_TEXTS } from './texts/validation';

/** RFC 5321 caps a forward path at 254 characters; a longer "address" cannot receive mail. */
export const EMAIL_MAX_LENGTH = 254;

const personName = z.optional(safeText(FIELD_LIMITS.personName, VALIDATION_TEXTS.nameTooLong));

/** Required, trimmed, a valid address; compared and stored lower-cased by the API. */
const requiredEmail = z.pipe(
  z.string({ error: TEAM_API_TEXTS.emailRequired }).check(z.trim(), z.minLength(1, TEAM_API_TEXTS.emailRequired)),
  z
    .string()
    .check(
      z.email({ error: VALIDATION_TEXTS.invalidEmail }),
      z.maxLength(EMAIL_MAX_LENGTH, VALIDATION_TEXTS.invalidEmail),
    ),
);

/** The roles an owner may give (spec 6: the edit dialog offers ORG_ADMIN or ORG_MEMBER). */
export const ASSIGNABLE_ROLES = ['org_admin', 'org_member'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/**
 * POST /api/organizations/{id}/users: sends an invitation. `role` is accepted for the seed's
 * payload but ignored: added users always get org_member (spec 6).
 */
export const inviteMemberSchema = z.object({
  email: requiredEmail,
  firstName: personName,
  lastName: personName,
  role: z.optional(z.string().check(z.maxLength(50))),
});
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

/** Roles compared case-insensitively (spec 6): ['ORG_ADMIN'] is ['org_admin']. */
const assignableRoles = z
  .pipe(
    z.array(z.string({ error: TEAM_API_TEXTS.rolesRequired }), { error: TEAM_API_TEXTS.rolesRequired }),
    z.transform((roles: string[]) => [...new Set(roles.map((role) => role.trim().toLowerCase()))]),
  )
  .check(
    z.refine(
      (roles: string[]) =>
        roles.length > 0 && roles.every((role) => (ASSIGNABLE_ROLES as readonly string[]).includes(role)),
      { error: TEAM_API_TEXTS.rolesRequired },
    ),
  );

/** PUT /api/organizations/{id}/users/{userId}: the owner changes a member's role (and names). */
export const updateMemberSchema = z.object({
  email: z.optional(z.string().check(z.trim(), z.maxLength(EMAIL_MAX_LENGTH, VALIDATION_TEXTS.invalidEmail))),
  firstName: personName,
  lastName: personName,
  roles: assignableRoles,
});
export type UpdateMemberInput = z.infer<typeof updateMemberSchema>;

/** The one role a member holds after an edit: Administrateur when asked among others. */
export function roleFromRequest(roles: readonly string[]): AssignableRole {
  return roles.includes('org_admin') ? 'org_admin' : 'org_member';
}
