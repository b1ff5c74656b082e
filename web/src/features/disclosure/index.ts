export { DisclosureMarkTab } from './components/disclosure-mark-tab';
