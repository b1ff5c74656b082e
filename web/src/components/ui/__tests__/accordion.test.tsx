import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Accordion } from '../accordion';

const items = [
  { id: 'a', title: 'Question A', content: 'Réponse A' },
  { id: 'b', title: 'Question B', content: 'Réponse B' },
  { id: 'c', title: 'Question C', content: 'Réponse C' },
];

describe('Accordion', () => {
  it('keeps one item open at a time in single mode', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    const a = screen.getByRole('button', { name: 'Question A' });
    const b = screen.getByRole('button', { name: 'Question B' });
    expect(a).toHaveAttribute('aria-expanded', 'false');
    await user.click(a);
    expect(a).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Question A' })).toHaveTextContent('Réponse A');
    await user.click(b);
    expect(a).toHaveAttribute('aria-expanded', 'false');
    expect(b).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText('Réponse A')).not.toBeVisible();
    await user.click(b);
    expect(
      screen.getAllByRole('button').filter((button) => button.getAttribute('aria-expanded') === 'true'),
    ).toHaveLength(0);
  });

  it('allows several open items in multiple mode and honours defaultOpen', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} mode="multiple" defaultOpen={['c']} headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Question C' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Question A' }));
    expect(screen.getByText('Réponse A')).toBeVisible();
    expect(screen.getByText('Réponse C')).toBeVisible();
  });
});
