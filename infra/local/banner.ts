/** What `npm start` prints once the stack answers: where the app is, the demo account, and the outbox. */
export function readyBanner(url: string, demo: { email: string; password: string }): string[] {
  return [
    `Vitrine prête sur ${url} · compte démo : ${demo.email} / ${demo.password}`,
    // Password resets, verification codes and invitations land there instead of a mailbox.
    `E-mails envoyés (boîte locale) : ${url}/_local/outbox`,
  ];
}
