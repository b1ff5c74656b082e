/**
 * POST /api/images/no-project with the transformation's id: saves an unsaved result of the history
 * into 'Images non classées' (spec 7; decision 090). The result's objects are kept from then on.
 */
import type { Image } from '@vitrine/shared';
import { api } from '../../../lib/api-client';

export const saveUnsavedResult = (image: Pick<Image, 'transformationId'>) =>
  api<Image>('/images/no-project', { method: 'POST', body: { transformationId: image.transformationId } });
