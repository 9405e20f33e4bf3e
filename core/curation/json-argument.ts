import * as z from 'zod';

/**
 * An AWSJSON argument: AppSync hands it over as JSON text (locally graphql-js does too), a caller
 * may send an object. Text that is not JSON reaches the schema as text, which then says what is
 * wrong with the field.
 */
export const jsonArgument = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);
