import { createContext, useContext, type AnchorHTMLAttributes, type ReactElement } from 'react';

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string };

/** Turns AppLink props into the rendered link element. */
export type RenderLink = (props: AppLinkProps) => ReactElement;

const renderAnchor: RenderLink = (props) => <a {...props} />;

const RenderLinkContext = createContext<RenderLink>(renderAnchor);

/**
 * Supplies how AppLink renders. The router app provides client-side react-router Links
 * (components/router-link.tsx); without a provider, as on / which is rendered without
 * react-router to keep its JavaScript small, links are plain anchors (full page loads).
 */
export const AppLinkProvider = RenderLinkContext.Provider;

/** An internal link that does not depend on react-router (shared by / and the router app). */
export function AppLink(props: AppLinkProps) {
  return useContext(RenderLinkContext)(props);
}
