import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from '../tabs';

const tabs = [
  { id: 'profil', label: 'Profil', content: <p>Contenu profil</p> },
  { id: 'securite', label: 'Sécurité', content: <p>Contenu sécurité</p> },
  { id: 'factures', label: 'Factures', content: <p>Contenu factures</p> },
];

describe('Tabs', () => {
  it('shows the first panel, labelled by its tab', () => {
    render(<Tabs tabs={tabs} label="Paramètres" />);
    expect(screen.getByRole('tablist', { name: 'Paramètres' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Profil' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Profil' })).toHaveTextContent('Contenu profil');
  });

  it('selects by click and by arrows/Home/End with roving focus', async () => {
    const user = userEvent.setup();
    const onValueChange = jest.fn();
    render(<Tabs tabs={tabs} label="Paramètres" onValueChange={onValueChange} />);
    await user.click(screen.getByRole('tab', { name: 'Sécurité' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Contenu sécurité');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Factures' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Profil' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Factures' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Profil' })).toHaveAttribute('tabindex', '-1');
    expect(onValueChange).toHaveBeenLastCalledWith('factures');
  });
});
