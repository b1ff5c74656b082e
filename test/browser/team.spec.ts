import type { Page } from '@playwright/test';
import {
  AUTH_TEXTS,
  BILLING_TEXTS,
  DASHBOARD_TEXTS,
  DEMO_ACCOUNT,
  formatDate,
  INVITATION_TEXTS,
  ORGANIZATIONS_TEXTS,
  PROJECTS_TEXTS,
  SETTINGS_TEXTS,
  TEAM_API_TEXTS,
  VALIDATION_TEXTS,
  WIZARD_TEXTS,
} from '@vitrine/shared';
import { expectAccessible } from './fixtures/accessibility';
import { register, signIn, signOut, signOutFromOnboarding, submitLogin } from './fixtures/auth';
import { organizationCredits } from './fixtures/organization-credits';
import { linkIn, newestMailTo, verificationCodeIn } from './fixtures/outbox';
import { expect, test } from './fixtures/test';
import { totpCode } from './fixtures/totp';
import { demoUser, newUser, type TestUser } from './fixtures/users';

const T = ORGANIZATIONS_TEXTS;
const I = INVITATION_TEXTS;
const S = SETTINGS_TEXTS;

const membersTable = (page: Page) => page.getByRole('table', { name: T.membersTitle });
const invitationsTable = (page: Page) => page.getByRole('table', { name: T.invitationsTitle });
const memberRow = (page: Page, email: string) => membersTable(page).getByRole('row').filter({ hasText: email });

async function openOrganization(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Navigation du tableau de bord' })
    .getByRole('link', { name: 'Organisation' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
  await expect(page.getByTestId('organization-name')).toHaveText(DEMO_ACCOUNT.organizationName);
}

/** The demo owner invites `email` from the Organisation page; the invitation is listed as pending. */
async function invite(page: Page, user: Pick<TestUser, 'email' | 'firstName' | 'lastName'>): Promise<void> {
  await page.getByRole('button', { name: T.addUser }).click();
  const dialog = page.getByRole('dialog', { name: T.addDialog.title });
  await dialog.getByLabel(T.addDialog.email).fill(user.email);
  await dialog.getByLabel('Prénom').fill(user.firstName);
  await dialog.getByLabel('Nom', { exact: true }).fill(user.lastName);
  await dialog.getByRole('button', { name: T.addDialog.submit }).click();
  await expect(page.getByText(T.invitationSent(user.email))).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = invitationsTable(page).getByRole('row').filter({ hasText: user.email });
  await expect(row).toContainText(formatDate(new Date()));
}

/** The invitation link of the newest invitation mail to `email`, as a path. */
async function invitationLink(page: Page, email: string): Promise<string> {
  const mail = await newestMailTo(page.request, email, (candidate) => candidate.html.includes('/accept-invitation'));
  expect(mail.subject).toContain(DEMO_ACCOUNT.organizationName);
  return linkIn(mail, '/accept-invitation');
}

/** The owner removes a member (confirmation first) and the row disappears. */
async function removeMember(page: Page, user: TestUser): Promise<void> {
  const name = `${user.firstName} ${user.lastName}`;
  await membersTable(page)
    .getByRole('button', { name: T.removeLabel(name) })
    .click();
  await page.getByRole('dialog', { name: T.removeTitle }).getByRole('button', { name: T.remove }).click();
  await expect(page.getByText(T.removed(name))).toBeVisible();
  await expect(memberRow(page, user.email)).toHaveCount(0);
}

test.describe('teams: invitations, members and account settings', () => {
  test('the owner invites a colleague who registers from the e-mail, works in Agence Démo and changes profile and password', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const colleague = newUser({ firstName: 'Julie', lastName: 'Bernard', phoneNumber: '' });
    const projectName = `Équipe ${Date.now()}`;

    await test.step('the owner creates a project and invites the colleague', async () => {
      await signIn(page, demoUser);
      await page.goto('/dashboard/upload');
      await page.getByRole('button', { name: WIZARD_TEXTS.newProject }).click();
      const create = page.getByRole('dialog', { name: PROJECTS_TEXTS.createTitle });
      await create.getByLabel(PROJECTS_TEXTS.name).fill(projectName);
      await create.getByRole('button', { name: PROJECTS_TEXTS.create }).click();
      await expect(page.getByText(PROJECTS_TEXTS.created)).toBeVisible();

      await openOrganization(page);
      await expect(memberRow(page, DEMO_ACCOUNT.email)).toContainText('Propriétaire');
      await expect(memberRow(page, DEMO_ACCOUNT.email).getByRole('button')).toHaveCount(0);
      await page.getByRole('button', { name: T.addUser }).click();
      const dialog = page.getByRole('dialog', { name: T.addDialog.title });
      await dialog.getByRole('button', { name: T.addDialog.submit }).click();
      await expect(dialog.getByText(TEAM_API_TEXTS.emailRequired)).toBeVisible();
      await expectAccessible(page, 'dialog');
      await dialog.getByRole('button', { name: T.cancel }).click();
      await invite(page, colleague);
      await expectAccessible(page, 'main');
      await signOut(page);
    });

    await test.step('the colleague opens the e-mailed link, registers and lands in Agence Démo', async () => {
      await page.goto(await invitationLink(page, colleague.email));
      await expect(page.getByRole('heading', { name: I.heading(DEMO_ACCOUNT.organizationName) })).toBeVisible();
      const email = page.getByLabel(AUTH_TEXTS.email);
      await expect(email).toHaveValue(colleague.email);
      await expect(email).not.toBeEditable();
      await expectAccessible(page);
      await page.getByLabel('Prénom').fill(colleague.firstName);
      await page.getByLabel('Nom', { exact: true }).fill(colleague.lastName);
      // Spec 5: the phone is optional on an invitation sign-up.
      await page.getByLabel(AUTH_TEXTS.password).fill(colleague.password);
      await page.getByRole('button', { name: I.signupSubmit }).click();
      await expect(page.getByRole('heading', { name: I.successHeading })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bienvenue, ${colleague.firstName} !`);
      await expect(page.getByTestId('plan-name')).toHaveText('Agence');
      await expect(page.getByTestId('credit-balance')).toHaveText(String(await organizationCredits()));
      // Registering from the link proved the address: no verification banner.
      await expect(page.getByRole('heading', { name: S.emailVerification.title })).toHaveCount(0);
      // The organization's projects are theirs too.
      await page.goto('/dashboard/upload');
      await expect(page.getByLabel(WIZARD_TEXTS.project).locator('option', { hasText: projectName })).toHaveCount(1);
    });

    await test.step('a member sees the team without managing it', async () => {
      await openOrganization(page);
      await expect(memberRow(page, colleague.email)).toContainText('Membre');
      await expect(memberRow(page, colleague.email)).toContainText(T.you);
      await expect(page.getByRole('button', { name: T.addUser })).toHaveCount(0);
      await expect(membersTable(page).getByRole('button')).toHaveCount(0);
    });

    const newPassword = `${colleague.password}-2`;
    await test.step('the colleague changes their profile and password, then signs in again with it', async () => {
      await page.getByRole('link', { name: 'Paramètres' }).click();
      await page.getByLabel('Nom', { exact: true }).fill('Bernard-Roux');
      await page.getByLabel(AUTH_TEXTS.phone).fill('06 11 22 33 44');
      await page.getByRole('button', { name: S.save }).click();
      await expect(page.getByText(S.profileUpdated)).toBeVisible();

      await page.getByRole('tab', { name: S.securityTab }).click();
      await expect(page).toHaveURL(/\/dashboard\/settings\?tab=securite$/);
      await page.getByRole('button', { name: S.password.submit }).click();
      await expect(page.getByText(VALIDATION_TEXTS.passwordFieldsRequired)).toBeVisible();
      await page.getByLabel(S.password.current, { exact: true }).fill('pas-le-bon-mot-de-passe');
      await page.getByLabel(S.password.new, { exact: true }).fill(newPassword);
      await page.getByLabel(S.password.confirmation, { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: S.password.submit }).click();
      await expect(page.getByText(S.password.wrongCurrent)).toBeVisible();
      await page.getByLabel(S.password.current, { exact: true }).fill(colleague.password);
      await page.getByRole('button', { name: S.password.submit }).click();
      await expect(page.getByText(S.password.updated)).toBeVisible();
      await expectAccessible(page, 'main');
      await signOut(page);

      await submitLogin(page, colleague);
      await expect(page.getByText(AUTH_TEXTS.invalidCredentials)).toBeVisible();
      await signIn(page, { email: colleague.email, password: newPassword });
      await expect(page.getByTestId('plan-name')).toHaveText('Agence');
      await signOut(page);
    });

    await test.step('the owner sees the colleague in the members table, makes them admin, then removes them', async () => {
      await signIn(page, demoUser);
      await openOrganization(page);
      const row = memberRow(page, colleague.email);
      await expect(row).toContainText(`${colleague.firstName} Bernard-Roux`);
      await expect(row).toContainText('Membre');
      await expect(invitationsTable(page).getByRole('row').filter({ hasText: colleague.email })).toHaveCount(0);

      await row.getByRole('button', { name: T.editLabel(`${colleague.firstName} Bernard-Roux`) }).click();
      const edit = page.getByRole('dialog', { name: T.editDialog.title });
      await edit.getByLabel(T.editDialog.role).selectOption({ label: 'Administrateur' });
      await edit.getByRole('button', { name: T.editDialog.submit }).click();
      await expect(page.getByText(T.roleUpdated)).toBeVisible();
      await expect(row).toContainText('Administrateur');

      await removeMember(page, { ...colleague, lastName: 'Bernard-Roux' });
      await signOut(page);
    });

    await test.step('the removed colleague is told they left the agency, with no error and no 403 behind', async () => {
      const forbidden: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/') && response.status() === 403) forbidden.push(response.url());
      });
      await submitLogin(page, { email: colleague.email, password: newPassword });
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('dialog').getByRole('status')).toHaveText(
        BILLING_TEXTS.onboarding.removedFromOrganization(DEMO_ACCOUNT.organizationName),
      );
      await expect(page.getByText(DASHBOARD_TEXTS.home.recentEmpty)).toBeAttached();
      await expect(page.getByText(DASHBOARD_TEXTS.home.recentFailed)).toHaveCount(0);
      expect(forbidden).toEqual([]);
    });
  });

  test('a registered agent confirms their e-mail on the invitation page, accepts, and protects the account with TOTP', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const agent = newUser({ firstName: 'Hugo', lastName: 'Lefèvre' });

    await test.step('the owner invites an address that already has an account', async () => {
      await register(page, agent);
      await expect(page).toHaveURL(/\/dashboard$/);
      await signOutFromOnboarding(page);
      await signIn(page, demoUser);
      await openOrganization(page);
      await invite(page, agent);
      await signOut(page);
    });

    await test.step('signed in with another account, the page says so', async () => {
      await signIn(page, demoUser);
      await page.goto(await invitationLink(page, agent.email));
      await expect(page.getByText(I.otherAccount(DEMO_ACCOUNT.email, agent.email))).toBeVisible();
      await page.getByRole('button', { name: I.signOut }).click();
      await expect(page.getByRole('button', { name: I.signupSubmit })).toBeVisible();
    });

    await test.step('the agent signs in from the page, confirms the e-mailed code and accepts', async () => {
      await page.getByRole('link', { name: I.loginLink }).click();
      await submitLogin(page, agent, { alreadyThere: true });
      await expect(page).toHaveURL(/\/accept-invitation\?token=/);
      // A plain registration leaves the address unverified: accepting waits for the code.
      await expect(page.getByRole('heading', { name: S.emailVerification.title })).toBeVisible();
      await expect(page.getByRole('button', { name: I.accept })).toBeDisabled();
      const mail = await newestMailTo(page.request, agent.email, (candidate) =>
        /<strong>\d+<\/strong>/.test(candidate.html),
      );
      await page.getByLabel(S.emailVerification.code).fill(verificationCodeIn(mail));
      await page.getByRole('button', { name: S.emailVerification.submit }).click();
      await expect(page.getByRole('button', { name: I.accept })).toBeEnabled();
      await expectAccessible(page);
      await page.getByRole('button', { name: I.accept }).click();
      await expect(page.getByRole('heading', { name: I.successHeading })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('plan-name')).toHaveText('Agence');
    });

    let secret = '';
    await test.step('the agent turns on two-factor authentication', async () => {
      await page.goto('/dashboard/settings?tab=securite');
      await expect(page.getByTestId('totp-status')).toHaveText(S.totp.off);
      await page.getByRole('button', { name: S.totp.enable }).click();
      await expect(page.getByRole('img', { name: S.totp.qrAlt })).toBeVisible();
      secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
      await page.getByLabel(S.totp.code).fill('000000' === totpCode(secret) ? '111111' : '000000');
      await page.getByRole('button', { name: S.totp.verify }).click();
      await expect(page.getByText(AUTH_TEXTS.totpInvalid)).toBeVisible();
      await page.getByLabel(S.totp.code).fill(totpCode(secret));
      await page.getByRole('button', { name: S.totp.verify }).click();
      await expect(page.getByText(S.totp.enabled)).toBeVisible();
      await expect(page.getByTestId('totp-status')).toHaveText(S.totp.on);
      await expectAccessible(page, 'main');
      await signOut(page);
    });

    await test.step('signing in now asks for the code', async () => {
      await submitLogin(page, agent);
      const code = page.getByLabel(AUTH_TEXTS.totpCode);
      await expect(code).toBeVisible();
      await code.fill(totpCode(secret));
      await page.getByRole('button', { name: AUTH_TEXTS.totpSubmit }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('plan-name')).toHaveText('Agence');
      await signOut(page);
    });

    await test.step('the owner removes the agent, who keeps an account without the organization', async () => {
      await signIn(page, demoUser);
      await openOrganization(page);
      await removeMember(page, agent);
    });
  });
});
