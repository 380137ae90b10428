import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { type FormErrors, schemaResolver } from '@mantine/form';
import { SCHEMA_MESSAGES } from './schema-messages.ts';

/** Any standard schema (the shared zod ones). */
type StandardSchema = Parameters<typeof schemaResolver>[0];
type StandardIssue = NonNullable<
  Awaited<ReturnType<StandardSchema['~standard']['validate']>>['issues']
>[number];

/** A zod issue as the standard-schema interface hands it over: its kind and limits ride along. */
type Issue = StandardIssue & {
  code?: string;
  origin?: string;
  expected?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
};

/**
 * What a form shows for one refusal of a shared schema: the schema's own key through SCHEMA_MESSAGES,
 * otherwise words for the kind of issue with the schema's limit in them (the limit lives only there).
 */
export function issueMessage(issue: Issue): string {
  const keyed = SCHEMA_MESSAGES[issue.message];
  if (keyed) return i18n._(keyed);
  const min = Number(issue.minimum);
  const max = Number(issue.maximum);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return t`Escribe un número entero.`;
      if (issue.expected === 'number') return t`Escribe un número.`;
      return t`Este campo es obligatorio.`;
    case 'too_small':
      if (issue.origin === 'string')
        return min <= 1
          ? t`Este campo es obligatorio.`
          : plural(min, { one: 'Escribe al menos # carácter.', other: 'Escribe al menos # caracteres.' });
      if (issue.origin === 'array' || issue.origin === 'set') return t`Elige al menos ${min}.`;
      return issue.inclusive === false ? t`Debe ser mayor que ${min}.` : t`Debe ser como mínimo ${min}.`;
    case 'too_big':
      if (issue.origin === 'string')
        return plural(max, { one: 'Como máximo # carácter.', other: 'Como máximo # caracteres.' });
      if (issue.origin === 'array' || issue.origin === 'set') return t`Elige como máximo ${max}.`;
      return issue.inclusive === false ? t`Debe ser menor que ${max}.` : t`Debe ser como máximo ${max}.`;
    case 'invalid_format':
      if (issue.format === 'email') return t`Introduce un correo electrónico válido.`;
      if (issue.format === 'url') return t`Introduce una dirección web válida.`;
      return t`El valor no es válido.`;
    case 'invalid_value':
      return t`Elige una de las opciones.`;
    case 'not_multiple_of':
      return t`Escribe un número entero.`;
    default:
      return t`El valor no es válido.`;
  }
}

/** The shared schema with its issues' messages already in the reader's language. */
function translated(schema: StandardSchema): StandardSchema {
  return {
    '~standard': {
      ...schema['~standard'],
      validate: (value) => {
        const result = schema['~standard'].validate(value);
        if (result instanceof Promise) throw new Error('Form schemas must validate synchronously.');
        if (!result.issues) return result;
        return { issues: result.issues.map((issue) => ({ ...issue, message: issueMessage(issue) })) };
      },
    },
  };
}

type SchemaValidateOptions<Values> = {
  /** The request body the form's values become (units converted, text trimmed), when they differ. */
  toInput?: (values: Values) => unknown;
  /** A schema field shown under another form field: `{ value: 'amount' }`. */
  fields?: Record<string, string>;
  /** Only these schema fields count (a card of a larger form saves only its own). */
  only?: readonly string[];
  /** The schema's fields sit under this part of the body (`rule.`): the form's are named without it. */
  prefix?: string;
};

/**
 * A form's `validate`: the shared zod schema (`schemaResolver` of @mantine/form) decides, the one
 * key → message map words it. The server checks again and its 422 lands under the same fields
 * (form-errors.ts).
 */
export function schemaValidate<Values>(
  schema: StandardSchema,
  options: SchemaValidateOptions<Values> = {},
): (values: Values) => FormErrors {
  const resolve = schemaResolver(translated(schema), { sync: true });
  const { toInput, fields = {}, only, prefix = '' } = options;
  return (values) => {
    const errors: FormErrors = {};
    for (const [fullPath, message] of Object.entries(resolve(toInput ? toInput(values) : values))) {
      const path = fullPath.startsWith(prefix) ? fullPath.slice(prefix.length) : fullPath;
      const top = path.split('.')[0] ?? path;
      if (only && !only.includes(top)) continue;
      const field = fields[top];
      errors[field ? field + path.slice(top.length) : path] = message;
    }
    return errors;
  };
}
