import {
  API_TEXTS,
  ORGANIZATIONS_TEXTS,
  SETTINGS_TEXTS,
  TEAM_API_TEXTS,
  type Invitation,
  type OrganizationMember,
  type Role,
  type User,
} from '@vitrine/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';
import { AGENCE, makeUser } from '../../../testing/billing-data';
import { serverError } from '../../../testing/server-answers';
import { asRendered } from '../../../testing/text';
import { Component as OrganizationsRoute } from '../dashboard-organizations';

type Call = { method?: string; body?: unknown };
const mockApi = jest.fn<Promise<unknown>, [string, Call?]>();
jest.mock('../../../lib/api-client', () => ({
  api: (path: string, options?: Call) => mockApi(path, options),
}));

const T = ORGANIZATIONS_TEXTS;
const ORG = 'org-1';

const member = (id: string, roles: Role[], firstName: string, email = `${id}@exemple.fr`): OrganizationMember => ({
  id,
  email,
  firstName,
  lastName: 'Martin',
  roles,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const OWNER = member('user-1', ['org_owner'], 'Camille', 'camille@exemple.fr');
const ADMIN = member('user-2', ['ORG_ADMIN'] as unknown as Role[], 'Alex');
const MEMBER = member('user-3', ['org_member'], 'Léa');

const pending: Invitation = {
  id: 'inv-1',
  email: 'nouveau@exemple.fr',
  status: 'pending',
  createdAt: '2026-03-02T09:00:00.000Z',
  expiresAt: '2026-03-09T09:00:00.000Z',
  organizationId: ORG,
  organization: { name: 'Agence du Port' },
};

const agencyUser = (roles: Role[], id = 'user-1'): User => ({
  ...makeUser({ roles, subscription: { status: 'active', price: AGENCE } }),
  id,
});

interface Backend {
  user: User;
  members?: OrganizationMember[] | (() => OrganizationMember[]) | Error;
  invitations?: Invitation[] | (() => Invitation[]) | Error;
  invite?: (body: unknown) => Promise<unknown>;
  remove?: () => Promise<unknown>;
  update?: (body: unknown) => Promise<unknown>;
  revoke?: () => Promise<unknown>;
}

function serve(backend: Backend) {
  const answer = <V,>(value: V | (() => V) | Error | undefined, fallback: V) => {
    if (value instanceof Error) throw value;
    return typeof value === 'function' ? (value as () => V)() : (value ?? fallback);
  };
  mockApi.mockImplementation(async (path, options) => {
    const method = options?.method ?? 'GET';
    if (method === 'GET' && path === '/users/me') return backend.user;
    if (method === 'GET' && path === `/organizations/${ORG}/users`)
      return answer(backend.members, [OWNER, ADMIN, MEMBER]);
    if (method === 'GET' && path === `/invitations/organization/${ORG}`) return answer(backend.invitations, [pending]);
    if (method === 'POST' && path === `/organizations/${ORG}/users`) return backend.invite?.(options?.body);
    if (method === 'PUT' && path.startsWith(`/organizations/${ORG}/users/`)) return backend.update?.(options?.body);
    if (method === 'DELETE' && path.startsWith(`/organizations/${ORG}/members/`)) return backend.remove?.();
    if (method === 'DELETE' && path.startsWith('/invitations/')) return backend.revoke?.();
    throw new Error(`unexpected call ${method} ${path}`);
  });
}

const calls = (method: string, path: string) =>
  mockApi.mock.calls.filter(([p, options]) => p === path && (options?.method ?? 'GET') === method);

function renderPage() {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/dashboard/organizations']}>
          <OrganizationsRoute />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
}

const membersTable = async () => screen.findByRole('table', { name: T.membersTitle });
const row = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr') as HTMLElement;

beforeEach(() => jest.resetAllMocks());

describe('Organisation page (spec 2.11, 6)', () => {
  it('lists members with the French role labels and the pending invitations with their fr-FR send date', async () => {
    serve({ user: agencyUser(['org_owner']) });
    renderPage();
    const table = await membersTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nom', 'E-mail', 'Rôles', 'Actions']);
    expect(within(row(table, 'camille@exemple.fr')).getByText('Propriétaire')).toBeInTheDocument();
    // Roles are compared case-insensitively: ORG_ADMIN is an Administrateur.
    expect(within(row(table, 'user-2@exemple.fr')).getByText('Administrateur')).toBeInTheDocument();
    expect(within(row(table, 'user-3@exemple.fr')).getByText('Membre')).toBeInTheDocument();

    const invitations = await screen.findByRole('table', { name: T.invitationsTitle });
    const invitation = row(invitations, 'nouveau@exemple.fr');
    expect(within(invitation).getByText('2 mars 2026')).toBeInTheDocument();
    expect(within(invitation).getByText('9 mars 2026')).toBeInTheDocument();
    expect(screen.getByTestId('organization-seats')).toHaveTextContent('4 places utilisées sur 5');
  });

  it('the owner has no delete action on their own row; others do, after a confirmation', async () => {
    let members = [OWNER, ADMIN, MEMBER];
    serve({
      user: agencyUser(['org_owner']),
      members: () => members,
      remove: async () => {
        members = [OWNER, ADMIN];
      },
    });
    const user = userEvent.setup();
    renderPage();
    const table = await membersTable();
    expect(within(row(table, 'camille@exemple.fr')).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: T.removeLabel('Léa Martin') }));
    const dialog = screen.getByRole('dialog', { name: T.removeTitle });
    await user.click(within(dialog).getByRole('button', { name: T.cancel }));
    expect(calls('DELETE', `/organizations/${ORG}/members/user-3`)).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: T.removeLabel('Léa Martin') }));
    await user.click(
      within(screen.getByRole('dialog', { name: T.removeTitle })).getByRole('button', { name: T.remove }),
    );
    expect(await screen.findByText(T.removed('Léa Martin'))).toBeInTheDocument();
    expect(calls('DELETE', `/organizations/${ORG}/members/user-3`)).toHaveLength(1);
    await waitFor(() => expect(within(table).queryByText('user-3@exemple.fr')).not.toBeInTheDocument());
  });

  it('a failed removal shows the server message, or the spec default', async () => {
    serve({ user: agencyUser(['org_owner']), remove: () => Promise.reject(new ApiError(500, '')) });
    const user = userEvent.setup();
    renderPage();
    const table = await membersTable();
    await user.click(within(table).getByRole('button', { name: T.removeLabel('Léa Martin') }));
    await user.click(
      within(screen.getByRole('dialog', { name: T.removeTitle })).getByRole('button', { name: T.remove }),
    );
    expect(await screen.findAllByText(T.errors.remove)).not.toHaveLength(0);
  });

  it('invites by e-mail: the e-mail is required, the invitation joins the pending list', async () => {
    let invitations = [pending];
    const invite = jest.fn(async (body: unknown) => {
      const created = { ...pending, id: 'inv-2', email: (body as { email: string }).email };
      invitations = [...invitations, created];
      return created;
    });
    serve({ user: agencyUser(['org_owner']), invitations: () => invitations, invite });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: T.addUser }));
    const dialog = screen.getByRole('dialog', { name: T.addDialog.title });
    await user.click(within(dialog).getByRole('button', { name: T.addDialog.submit }));
    expect(within(dialog).getByLabelText(/Adresse e-mail/)).toHaveAccessibleDescription(TEAM_API_TEXTS.emailRequired);
    expect(invite).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(/Adresse e-mail/), ' julie@exemple.fr ');
    await user.type(within(dialog).getByLabelText('Prénom'), 'Julie');
    await user.click(within(dialog).getByRole('button', { name: T.addDialog.submit }));
    expect(await screen.findByText(T.invitationSent('julie@exemple.fr'))).toBeInTheDocument();
    expect(invite).toHaveBeenCalledWith({ email: 'julie@exemple.fr', firstName: 'Julie', lastName: '' });
    const list = await screen.findByRole('table', { name: T.invitationsTitle });
    await waitFor(() => expect(within(list).getByText('julie@exemple.fr')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks an owner with an unconfirmed e-mail to confirm it before inviting, right here (issue 22)', async () => {
    serve({ user: { ...agencyUser(['org_owner']), emailVerified: false } });
    renderPage();
    const add = await screen.findByRole('button', { name: T.addUser });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(T.verifyToInvite);
    expect(screen.getByRole('heading', { name: SETTINGS_TEXTS.emailVerification.title })).toBeInTheDocument();
    expect(screen.getByLabelText(SETTINGS_TEXTS.emailVerification.code)).toBeInTheDocument();
  });

  it('shows the server refusal inside the dialog, else the spec default', async () => {
    const answers = [
      serverError('SEAT_LIMIT_REACHED', TEAM_API_TEXTS.seatLimitReached, 5, 'Agence'),
      new ApiError(500, ''),
    ];
    serve({ user: agencyUser(['org_admin']), invite: () => Promise.reject(answers.shift()) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: T.addUser }));
    const dialog = screen.getByRole('dialog', { name: T.addDialog.title });
    await user.type(within(dialog).getByLabelText(/Adresse e-mail/), 'julie@exemple.fr');
    await user.click(within(dialog).getByRole('button', { name: T.addDialog.submit }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      asRendered(TEAM_API_TEXTS.seatLimitReached(5, 'Agence')),
    );
    await user.click(within(dialog).getByRole('button', { name: T.addDialog.submit }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(T.errors.add));
  });

  it('the owner changes a member into an administrator through the edit dialog', async () => {
    let members = [OWNER, ADMIN, MEMBER];
    const update = jest.fn(async () => {
      members = [OWNER, ADMIN, { ...MEMBER, roles: ['org_admin'] }];
      return members[2];
    });
    serve({ user: agencyUser(['org_owner']), members: () => members, update });
    const user = userEvent.setup();
    renderPage();
    const table = await membersTable();
    await user.click(within(table).getByRole('button', { name: T.editLabel('Léa Martin') }));
    const dialog = screen.getByRole('dialog', { name: T.editDialog.title });
    expect(within(dialog).getByLabelText(T.editDialog.email)).toHaveValue('user-3@exemple.fr');
    expect(within(dialog).getByLabelText(T.editDialog.email)).toHaveAttribute('readonly');
    const role = within(dialog).getByLabelText(T.editDialog.role);
    expect(role).toHaveValue('org_member');
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Administrateur', 'Membre']);
    await user.selectOptions(role, 'org_admin');
    await user.click(within(dialog).getByRole('button', { name: T.editDialog.submit }));
    expect(await screen.findByText(T.roleUpdated)).toBeInTheDocument();
    expect(calls('PUT', `/organizations/${ORG}/users/user-3`)[0]?.[1]).toEqual({
      method: 'PUT',
      body: { roles: ['org_admin'] },
    });
    await waitFor(() =>
      expect(within(row(table, 'user-3@exemple.fr')).getByText('Administrateur')).toBeInTheDocument(),
    );
  });

  it('a failed role change keeps the dialog open with the spec default', async () => {
    serve({ user: agencyUser(['org_owner']), update: () => Promise.reject(new ApiError(500, '')) });
    const user = userEvent.setup();
    renderPage();
    const table = await membersTable();
    await user.click(within(table).getByRole('button', { name: T.editLabel('Léa Martin') }));
    const dialog = screen.getByRole('dialog', { name: T.editDialog.title });
    await user.click(within(dialog).getByRole('button', { name: T.editDialog.submit }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(T.errors.update);
  });

  it('an admin invites and removes but does not change roles; a member only reads', async () => {
    serve({ user: agencyUser(['org_admin'], 'user-2') });
    renderPage();
    let table = await membersTable();
    expect(screen.getByRole('button', { name: T.addUser })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Modifier/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: T.removeLabel('Léa Martin') })).toBeInTheDocument();
    expect(within(row(table, 'user-2@exemple.fr')).getByText(T.you)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: T.revokeLabel('nouveau@exemple.fr') })).toBeInTheDocument();
    document.body.innerHTML = '';

    serve({ user: agencyUser(['org_member'], 'user-3') });
    renderPage();
    table = await membersTable();
    expect(screen.queryByRole('button', { name: T.addUser })).not.toBeInTheDocument();
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
    const invitations = await screen.findByRole('table', { name: T.invitationsTitle });
    expect(within(invitations).queryAllByRole('button')).toHaveLength(0);
  });

  it('revokes a pending invitation after a confirmation', async () => {
    let invitations = [pending];
    serve({
      user: agencyUser(['org_owner']),
      invitations: () => invitations,
      revoke: async () => {
        invitations = [];
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: T.revokeLabel('nouveau@exemple.fr') }));
    await user.click(
      within(screen.getByRole('dialog', { name: T.revokeTitle })).getByRole('button', { name: T.revoke }),
    );
    expect(await screen.findByText(T.noInvitations)).toBeInTheDocument();
    expect(calls('DELETE', '/invitations/inv-1')).toHaveLength(1);
  });

  it('says when the members cannot be loaded', async () => {
    serve({ user: agencyUser(['org_owner']), members: new ApiError(500, '') });
    renderPage();
    expect(await screen.findByText(T.errors.loadMembers)).toBeInTheDocument();
  });

  it('a Mandataire organization or a user without organization gets an explanation and a link home', async () => {
    serve({ user: makeUser({ subscription: { status: 'active' } }) });
    renderPage();
    expect(await screen.findByText(asRendered(T.unavailable.noTeamPlan))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.unavailable.backHome })).toHaveAttribute('href', '/dashboard');
    document.body.innerHTML = '';

    serve({ user: makeUser({ organization: null }) });
    renderPage();
    expect(await screen.findByText(API_TEXTS.noOrganization)).toBeInTheDocument();
    expect(mockApi.mock.calls.every(([path]) => path === '/users/me')).toBe(true);
  });
});
