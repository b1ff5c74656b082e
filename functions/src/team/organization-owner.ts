/** The organization's owner, for the mail only they receive (a webhook disabled: decision 114). */
import type { TableDeps } from '../lib/aws/dynamodb';
import { listMemberRecords } from './member-store';
import { teamRole } from './team-access';

export async function ownerEmail(deps: TableDeps, orgId: string): Promise<string | undefined> {
  return (await listMemberRecords(deps, orgId)).find((member) => teamRole(member.roles) === 'owner')?.email;
}
