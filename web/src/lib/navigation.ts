/**
 * Lets non-React code (the API client) navigate through the router without importing it,
 * which keeps dependencies flowing one way (app -> features -> lib). The app registers the
 * router's navigate at start; before that, a full page load is the fallback.
 */
type Navigate = (to: string) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function registerNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}
