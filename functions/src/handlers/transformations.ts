/**
 * GET /api/transformations/{id}: the status of a job of the caller's organization, with signed URLs.
 * GET /api/transformations: the organization's history, saved or not, a page at a time; DELETE
 * /api/transformations/{id} takes one out of it (decision 090).
 */
import {
  API_TEXTS,
  HISTORY_VIEWS,
  TRANSFORMATION_MESSAGES,
  type HistoryImage,
  type HistoryView,
  type Page,
} from '@vitrine/shared';
import { tableDeps } from '../lib/aws/dynamodb';
import { resultsBucket, uploadsBucket } from '../lib/aws/buckets';
import { presignGetUrl } from '../lib/aws/presign-get';
import { BadRequest, NotFound } from '../lib/errors';
import { createHttpHandler, json, noContent, type HttpEvent } from '../lib/http';
import { pageRequest } from '../lib/paging';
import { transformationAnswer } from '../image-processing/transformation-answer';
import { organizationCaller, requireMayChange } from '../scope/organization-caller';
import { toHistoryImage } from '../transformations/to-history-image';
import { discardFromHistory, historyDetails, listHistoryPage } from '../transformations/transformation-history';
import { getTransformation } from '../transformations/transformation-store';

const buckets = () => ({ uploads: uploadsBucket(), results: resultsBucket() });

function historyView(event: HttpEvent): HistoryView {
  const view = event.queryStringParameters?.view ?? 'all';
  if (!(HISTORY_VIEWS as readonly string[]).includes(view)) throw new BadRequest(API_TEXTS.invalidHistoryView);
  return view as HistoryView;
}

export const handler = createHttpHandler({
  'GET /api/transformations/{id}': async ({ event }) => {
    const { orgId } = await organizationCaller(event);
    return json(200, await transformationAnswer(orgId, event.pathParameters?.id ?? ''));
  },
  'GET /api/transformations': async ({ event }) => {
    const view = historyView(event);
    const request = pageRequest(event);
    const { orgId } = await organizationCaller(event);
    const { records, nextCursor } = await listHistoryPage(tableDeps(), orgId, view, request);
    const details = await historyDetails(tableDeps(), orgId, records);
    const page: Page<HistoryImage> = {
      items: await Promise.all(records.map((record) => toHistoryImage(record, details, buckets(), presignGetUrl))),
      nextCursor,
    };
    return json(200, page);
  },
  'DELETE /api/transformations/{id}': async ({ event }) => {
    const caller = await organizationCaller(event);
    const id = event.pathParameters?.id ?? '';
    const record = await getTransformation(tableDeps(), caller.orgId, id);
    if (!record) throw new NotFound(TRANSFORMATION_MESSAGES.transformationNotFound);
    // A member deletes only their own work; owners and admins anyone's (decision 081).
    requireMayChange(caller, record.userId);
    if (!(await discardFromHistory(tableDeps(), caller.orgId, id, new Date().toISOString()))) {
      throw new NotFound(TRANSFORMATION_MESSAGES.transformationNotFound);
    }
    return noContent();
  },
});
