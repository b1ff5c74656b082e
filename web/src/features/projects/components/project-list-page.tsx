import { useState, type MouseEvent } from 'react';
import { COMMON_TEXTS, DASHBOARD_TEXTS, formatDate, PROJECTS_TEXTS, type Project } from '@vitrine/shared';
import { Link, useNavigate } from 'react-router-dom';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { Button } from '../../../components/ui/button';
import { ActionsCell, DataCell, DataTable, SkeletonRows } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Input } from '../../../components/ui/input';
import { PagedListEnd } from '../../../components/ui/load-more';
import { Skeleton } from '../../../components/ui/skeleton';
import { ICON_PATHS, StrokeIcon } from '../../../components/ui/stroke-icon';
import { paths } from '../../../config/paths';
import { useMayChangeWorkOf } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useProjectList } from '../api/get-projects';
import { CreateProjectDialog } from './create-project-dialog';
import { DeleteProjectDialog } from './delete-project-dialog';
import { EditProjectDialog } from './edit-project-dialog';

const T = PROJECTS_TEXTS;
/** Spec 9: 10 list-row skeletons. */
const ROW_SKELETONS = 10;
const SEARCH_DELAY_MS = 300;
const COLUMNS = [
  { key: 'name', header: T.columns.name },
  { key: 'description', header: T.columns.description },
  { key: 'createdAt', header: T.columns.createdAt },
  { key: 'actions', header: T.columns.actions, align: 'end' },
] as const;

/**
 * /dashboard/projects (spec 2.9): breadcrumb, 'Nouveau projet', a name search done by the server,
 * the table (a row opens its project; Editer edits it, Supprimer asks first), more rows on scroll.
 */
export function ProjectListPage() {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, SEARCH_DELAY_MS);
  const list = useProjectList({ search: query });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const navigate = useNavigate();
  const mayChange = useMayChangeWorkOf();
  const { items } = list;

  // The name is the row's link for keyboards and screen readers; a click anywhere else on the row
  // opens the project too, except on its buttons.
  const openRow = (event: MouseEvent<HTMLTableRowElement>, project: Project) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    navigate(paths.dashboard.project.getHref(project.id));
  };

  return (
    <section aria-labelledby="projects-heading" className="mx-auto flex max-w-6xl flex-col gap-5">
      <title>{`${T.listTitle} | ${COMMON_TEXTS.appName}`}</title>
      <Breadcrumb
        items={[{ label: DASHBOARD_TEXTS.title, to: paths.dashboard.root.getHref() }, { label: T.listTitle }]}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="projects-heading" className="text-2xl font-bold sm:text-3xl">
          {T.listTitle}
        </h1>
        <Button onClick={() => setCreating(true)}>
          <StrokeIcon d={ICON_PATHS.plus} size={18} />
          {T.newProject}
        </Button>
      </div>
      <Input
        type="search"
        label={T.search}
        placeholder={T.searchPlaceholder}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        containerClassName="max-w-sm"
      />
      {list.error && !items ? (
        <ErrorAlert description={T.loadFailed} />
      ) : (
        <DataTable
          columns={COLUMNS}
          labelledBy="projects-heading"
          busy={list.isLoading}
          minWidthClassName="min-w-[40rem]"
          footer={items?.length === 0 && <p className="p-6 text-center text-ink-600">{T.empty}</p>}
        >
          {items === undefined ? (
            <SkeletonRows
              count={ROW_SKELETONS}
              cells={['w-2/3', 'w-3/4', 'w-1/2', 'ml-auto w-28'].map((width) => (
                <Skeleton key={width} className={`h-4 ${width}`} />
              ))}
            />
          ) : (
            items.map((project) => (
              <tr
                key={project.id}
                onClick={(event) => openRow(event, project)}
                className="cursor-pointer hover:bg-ink-50"
              >
                <DataCell className="font-medium">
                  <Link to={paths.dashboard.project.getHref(project.id)} className="hover:underline">
                    {project.name}
                  </Link>
                </DataCell>
                <DataCell className="max-w-xs truncate text-ink-600" title={project.description || undefined}>
                  {project.description}
                </DataCell>
                <DataCell className="whitespace-nowrap text-ink-600">{formatDate(project.createdAt)}</DataCell>
                <ActionsCell>
                  {/* A plain member edits and deletes only the projects they created (decision 081). */}
                  {mayChange(project.userId) && (
                    <>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={T.actionLabel(T.edit, project.name)}
                        onClick={() => setEditing(project)}
                      >
                        {T.edit}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-danger-700"
                        aria-label={T.actionLabel(T.delete, project.name)}
                        onClick={() => setDeleting(project)}
                      >
                        {T.delete}
                      </Button>
                    </>
                  )}
                </ActionsCell>
              </tr>
            ))
          )}
        </DataTable>
      )}
      <PagedListEnd list={list} />
      <CreateProjectDialog open={creating} onClose={() => setCreating(false)} />
      <EditProjectDialog project={editing} onClose={() => setEditing(null)} onSaved={list.replaceItem} />
      <DeleteProjectDialog
        project={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(project) => list.removeItems(new Set([project.id]))}
      />
    </section>
  );
}
