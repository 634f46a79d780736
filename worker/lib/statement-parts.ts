import { sql, type SQL } from "drizzle-orm";

/**
 * A named part of a WITH statement (a CTE). The module that writes a part exports it; the parts
 * and the SELECT that read it interpolate `name` and `column`, never a retyped name, so renaming a
 * part or one of the columns others read fails `npm run typecheck` instead of the statement at run
 * time. Issuing a code is one statement built from parts of four modules (code-issuing.ts).
 */
export interface StatementPart<Column extends string> {
  /** The part's name, for FROM and EXISTS. */
  readonly name: SQL;
  /** Each column as `part.column`, for the other parts of the statement. */
  readonly column: Record<Column, SQL>;
  /** Each column's bare name, for the part's own SELECT list or RETURNING. */
  readonly as: Record<Column, SQL>;
  /** `name AS (body)`: the part's entry in the WITH list. */
  define(body: SQL): SQL;
}

export function statementPart<const Columns extends readonly string[]>(
  name: string,
  columns: Columns,
): StatementPart<Columns[number]> {
  const identifier = sql`${sql.identifier(name)}`;
  const each = (as: (column: string) => SQL) =>
    Object.fromEntries(columns.map((column) => [column, as(column)])) as Record<Columns[number], SQL>;
  return {
    name: identifier,
    column: each((column) => sql`${identifier}.${sql.identifier(column)}`),
    as: each((column) => sql`${sql.identifier(column)}`),
    define: (body) => sql`${identifier} AS (${body})`,
  };
}

/** `(SELECT column FROM part)`: a one-row part's value as a scalar, the way the parts test each other. */
export const valueOf = <Column extends string>(part: StatementPart<Column>, column: Column) =>
  sql`(SELECT ${part.as[column]} FROM ${part.name})`;

/** `EXISTS (SELECT 1 FROM part)`: whether the part produced (or wrote) a row. */
export const produced = (part: StatementPart<string>) => sql`EXISTS (SELECT 1 FROM ${part.name})`;

/** The column names of a part. */
export type ColumnOf<Part> = Part extends StatementPart<infer Column> ? Column : never;

/**
 * The row a part answers, its columns' types given here: `Types` must name exactly the part's
 * columns, so a renamed column fails the typecheck in the row type too.
 */
export type RowOf<
  Part extends StatementPart<string>,
  Types extends Record<ColumnOf<Part>, unknown> & Record<Exclude<keyof Types, ColumnOf<Part>>, never>,
> = Types;

/** `{1,2,3}`: integer ids as one array parameter, for `= ANY(…::int[])` (whole numbers only). */
export const idArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(",")}}`;
