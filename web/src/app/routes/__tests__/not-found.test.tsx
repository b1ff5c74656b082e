import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Component as NotFound } from '../not-found';

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <NotFound />
    </MemoryRouter>,
  );

describe('not-found page', () => {
  it('leads back to the landing page from a public path', () => {
    renderAt('/nulle-part');
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
  });

  it('leads back to the dashboard from inside it', () => {
    renderAt('/dashboard/projets-inconnus');
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/dashboard');
  });
});
