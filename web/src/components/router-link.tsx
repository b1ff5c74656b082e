import { Link } from 'react-router-dom';
import type { RenderLink } from './app-link';

/** Renders AppLinks as client-side react-router Links (given to AppLinkProvider by the router app). */
export const renderRouterLink: RenderLink = ({ href, ...props }) => <Link to={href} {...props} />;
