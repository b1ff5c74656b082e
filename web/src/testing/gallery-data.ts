/** Projects, images and pages for the web unit tests of the galleries and project screens. */
import type { Image, Page, Project, ProjectPage } from '@vitrine/shared';

export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 'p1',
    name: 'Villa des Pins',
    description: 'Maison familiale avec jardin',
    address: '12 chemin des Pins, Arcachon',
    size: 140,
    type: 'house',
    createdAt: '2026-03-02T09:00:00.000Z',
    updatedAt: '2026-03-05T16:30:00.000Z',
    userId: 'user-1',
    organizationId: 'org-1',
    imageCount: 2,
    thumbnailUrl: 'https://storage.test/thumbs/p1.webp',
    ...overrides,
  };
}

export function makeImage(overrides: Partial<Image> = {}): Image {
  const id = overrides.id ?? 'img-1';
  return {
    id,
    name: `${id}.jpg`,
    status: 'staged',
    projectId: null,
    originalFilePath: `normalised/org-1/${id}.jpg`,
    transformedFilePath: `results/org-1/${id}.jpg`,
    type: 'sky-replacement',
    options: { sky_type: 'blue' },
    resultContentType: 'image/jpeg',
    transformationId: `tx-${id}`,
    userId: 'user-1',
    createdAt: '2026-03-04T10:00:00.000Z',
    updatedAt: '2026-03-04T10:00:00.000Z',
    originalSignedUrl: `https://storage.test/originals/${id}.jpg`,
    transformedSignedUrl: `https://storage.test/results/${id}.jpg`,
    url: `https://storage.test/results/${id}.jpg`,
    thumbnailUrl: `https://storage.test/thumbs/${id}.webp`,
    originalThumbnailUrl: `https://storage.test/thumbs/${id}-original.webp`,
    ...overrides,
  };
}

export const page = <T>(items: T[], nextCursor: string | null = null): Page<T> => ({ items, nextCursor });

export const projectPage = (items: Project[], total = items.length, nextCursor: string | null = null): ProjectPage => ({
  items,
  nextCursor,
  total,
});
