import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { invalidateLists, pageUrl, usePagedList } from '../paged-list';

const mockApi = jest.fn<Promise<unknown>, [string]>();
jest.mock('../api-client', () => ({ api: (path: string) => mockApi(path) }));

type Item = { id: string; label: string };

function List({ search }: { search?: string }) {
  const list = usePagedList<Item>('/things', { name: 'things', query: { search }, limit: 2 });
  return (
    <div>
      <p data-testid="items">{list.items?.map((item) => item.label).join(',') ?? 'loading'}</p>
      <button type="button" onClick={list.loadMore} disabled={!list.hasMore}>
        more
      </button>
      <button type="button" onClick={() => list.removeItems(new Set(['a']))}>
        remove a
      </button>
      <button type="button" onClick={() => list.replaceItem({ id: 'b', label: 'B!' })}>
        rename b
      </button>
    </div>
  );
}

const shown = () => screen.getByTestId('items').textContent;

/** A server with five items, two per page; the cursor is the index of the next item. */
function serve(items: Item[]) {
  mockApi.mockImplementation(async (path) => {
    const url = new URL(path, 'http://api.test');
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const limit = Number(url.searchParams.get('limit'));
    const next = start + limit < items.length ? String(start + limit) : null;
    return { items: items.slice(start, start + limit), nextCursor: next };
  });
}

const letters = (text: string) => text.split('').map((id) => ({ id, label: id.toUpperCase() }));

function renderList() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <List />
    </SWRConfig>,
  );
}

beforeEach(() => mockApi.mockReset());

describe('usePagedList', () => {
  it('builds page URLs with the query first and the cursor last, leaving empty values out', () => {
    expect(pageUrl('/projects', { search: 'villa', limit: 40, cursor: 'abc' })).toBe(
      '/projects?search=villa&limit=40&cursor=abc',
    );
    expect(pageUrl('/projects', { search: '', limit: 40, cursor: null })).toBe('/projects?limit=40');
  });

  it('loads one page at a time, each with the previous page’s cursor', async () => {
    serve(letters('abcde'));
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByText('A,B')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'more' }));
    expect(await screen.findByText('A,B,C,D')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'more' }));
    expect(await screen.findByText('A,B,C,D,E')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'more' })).toBeDisabled();
    expect(mockApi.mock.calls.map(([path]) => path)).toEqual([
      '/things?limit=2',
      '/things?limit=2&cursor=2',
      '/things?limit=2&cursor=4',
    ]);
  });

  it('keeps local edits without a call, and invalidateLists reloads as many pages from the start', async () => {
    const items = letters('abcde');
    serve(items);
    const user = userEvent.setup();
    renderList();
    await screen.findByText('A,B');
    await user.click(screen.getByRole('button', { name: 'more' }));
    await screen.findByText('A,B,C,D');
    const calls = mockApi.mock.calls.length;

    await user.click(screen.getByRole('button', { name: 'remove a' }));
    await user.click(screen.getByRole('button', { name: 'rename b' }));
    expect(shown()).toBe('B!,C,D');
    expect(mockApi.mock.calls).toHaveLength(calls);

    // Another screen changed the list (here: a new item first, 'a' gone for good on the server).
    items.splice(0, 1, { id: 'z', label: 'Z' });
    await act(async () => invalidateLists('things'));
    expect(await screen.findByText('Z,B,C,D')).toBeInTheDocument();
    expect(mockApi.mock.calls.slice(calls).map(([path]) => path)).toEqual([
      '/things?limit=2',
      '/things?limit=2&cursor=2',
    ]);
    // Other lists' names leave this one alone.
    await act(async () => invalidateLists('other'));
    expect(mockApi.mock.calls).toHaveLength(calls + 2);
  });
});
