/**
 * A catalogue text as Testing Library's `*ByText` queries see the page: they collapse every
 * whitespace of the node, the no-break spaces of French typography included, to one space, but
 * compare it with the string as given.
 */
export const asRendered = (text: string): string => text.replace(/\s+/g, ' ');
