import {
  organizationCreateSchema,
  PROJECTS_TEXTS,
  TEAM_API_TEXTS,
  TRANSFORMATION_MESSAGES,
  VALIDATION_TEXTS,
} from '@vitrine/shared';
import { ApiError } from '../../lib/api-error';
import { serverError, validationError } from '../server-answers';

describe('the fake API answers of the web tests', () => {
  it('say what the server says: a catalogue text, its code, and the status the contract gives that code', () => {
    expect(serverError('NOT_FOUND', PROJECTS_TEXTS.notFoundOrDenied)).toMatchObject({
      status: 404,
      message: 'Projet introuvable ou accès refusé.',
      code: 'NOT_FOUND',
    });
    expect(serverError('NOT_FOUND', PROJECTS_TEXTS.notFoundOrDenied)).toBeInstanceOf(ApiError);
    const credits = serverError('INSUFFICIENT_CREDITS', TRANSFORMATION_MESSAGES.insufficientCredits);
    expect([credits.status, credits.code]).toEqual([402, 'INSUFFICIENT_CREDITS']);
  });

  it('fill in a text builder of the catalogue as the server does', () => {
    const error = serverError('SEAT_LIMIT_REACHED', TEAM_API_TEXTS.seatLimitReached, 5, 'Agence');
    expect([error.status, error.message]).toEqual([409, TEAM_API_TEXTS.seatLimitReached(5, 'Agence')]);
  });

  it('refuse a text the server never sends (the drift they had: Projet introuvable.)', () => {
    expect(() => serverError('NOT_FOUND', 'Projet introuvable.')).toThrow('is not a text of the shared catalogue');
    expect(() => serverError('SEAT_LIMIT_REACHED', (n: number) => `${n} utilisateurs`, 5)).toThrow(
      'is not a text of the shared catalogue',
    );
  });

  it("word a validation refusal with the shared schema's message, and refuse a body the schema accepts", () => {
    expect(validationError(organizationCreateSchema, { name: 'x'.repeat(101) })).toMatchObject({
      status: 400,
      message: VALIDATION_TEXTS.agencyNameTooLong,
      code: 'VALIDATION',
    });
    expect(() => validationError(organizationCreateSchema, { name: 'Agence du Port' })).toThrow(
      'the server would not refuse it',
    );
  });
});
