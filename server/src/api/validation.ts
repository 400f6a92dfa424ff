// Turns zod's issues into FastAPI-style `{loc, msg, type}` entries, with `loc` starting at the
// request part ("body", "query", "path") as partners' clients already expect.
import type { z } from 'zod';
import { ValidationError, type ValidationIssue } from './errors.ts';

type Part = 'body' | 'query' | 'path';

function issueType(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'missing' : `${issue.expected}_type`;
    case 'too_small':
      if (issue.origin === 'string') return 'string_too_short';
      if (issue.origin === 'array') return 'too_short';
      return issue.inclusive ? 'greater_than_equal' : 'greater_than';
    case 'too_big':
      if (issue.origin === 'string') return 'string_too_long';
      if (issue.origin === 'array') return 'too_long';
      return issue.inclusive ? 'less_than_equal' : 'less_than';
    case 'invalid_value':
      return 'enum';
    case 'unrecognized_keys':
      return 'extra_forbidden';
    case 'invalid_format':
      return 'string_pattern_mismatch';
    case 'not_multiple_of':
      return 'multiple_of';
    case 'invalid_union':
      return 'union_invalid';
    case 'custom':
      return (issue.params?.type as string | undefined) ?? 'value_error';
    default:
      return 'value_error';
  }
}

export function toValidationIssues(part: Part, error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => {
    const loc: (string | number)[] = [part, ...issue.path.map((key) => (typeof key === 'number' ? key : String(key)))];
    const msg = issue.code === 'invalid_type' && issue.input === undefined ? 'Field required' : issue.message;
    return { loc, msg, type: issueType(issue) };
  });
}

export function parseOrThrow<T extends z.ZodType>(part: Part, schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw new ValidationError(toValidationIssues(part, result.error));
  return result.data;
}
