/** Reading request parameters the way Stripe validates them (unknown, missing and invalid params are 400s). */
import { invalidParam, invalidRequest, missingParam, unknownParam } from './errors';
import type { FormParams, FormValue } from './form';
import type { Metadata } from './types';

/** Rejects a top-level parameter the endpoint does not take (`expand` is taken everywhere). */
export function allowOnly(params: FormParams, allowed: string[]): void {
  for (const key of Object.keys(params)) {
    if (key !== 'expand' && !allowed.includes(key)) throw unknownParam(key);
  }
}

export function optionalString(params: Record<string, FormValue>, key: string, param = key): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw invalidRequest(`Invalid string: ${JSON.stringify(value)}`, param, 'parameter_invalid_string');
  return value;
}

export function requiredString(params: Record<string, FormValue>, key: string, param = key): string {
  const value = optionalString(params, key, param);
  if (value === undefined) throw missingParam(param);
  if (value === '') {
    throw invalidRequest(
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
      param,
      'parameter_invalid_empty',
    );
  }
  return value;
}

export function optionalInteger(params: Record<string, FormValue>, key: string, param = key): number | undefined {
  const value = optionalString(params, key, param);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, param, 'parameter_invalid_integer');
  return Number(value);
}

export function optionalBoolean(params: Record<string, FormValue>, key: string, param = key): boolean | undefined {
  const value = optionalString(params, key, param);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false')
    throw invalidRequest(`Invalid boolean: ${value}`, param, 'parameter_invalid_boolean');
  return value === 'true';
}

export function optionalObject(
  params: Record<string, FormValue>,
  key: string,
  param = key,
): Record<string, FormValue> | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParam(param, 'Invalid object');
  return value;
}

export function optionalArray(params: Record<string, FormValue>, key: string, param = key): FormValue[] | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw invalidRequest('Invalid array', param, 'parameter_invalid');
  return value;
}

export function stringArray(params: Record<string, FormValue>, key: string): string[] {
  return (optionalArray(params, key) ?? []).map((value, index) => {
    if (typeof value !== 'string')
      throw invalidRequest('Invalid string', `${key}[${index}]`, 'parameter_invalid_string');
    return value;
  });
}

/** A new object's metadata: string values, 50 keys at most (Stripe's limit). */
export function newMetadata(params: Record<string, FormValue>, key = 'metadata'): Metadata {
  const value = params[key];
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParam(key, 'Invalid object');
  const entries = Object.entries(value).filter(([, each]) => each !== '');
  if (entries.length > 50) throw invalidParam(key, 'Metadata can have up to 50 keys.');
  for (const [name, each] of entries) {
    if (typeof each !== 'string') throw invalidParam(`${key}[${name}]`, 'Invalid metadata value');
  }
  return Object.fromEntries(entries) as Metadata;
}

export function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  param: string,
): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalidRequest(`Invalid ${param}: must be one of ${allowed.join(', ')}`, param, 'parameter_invalid');
  }
  return value as T;
}
