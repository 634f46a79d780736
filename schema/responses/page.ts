import { z } from "zod";

/**
 * One page of a paged list: `items` plus where they sit in the whole list. Lists that take a
 * `page` parameter answer with it; without `page` the same lists answer a plain array.
 */
export const pageAnswer = <Item extends z.ZodType>(item: Item) =>
  z.strictObject({
    items: z.array(item),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
    total: z.number().int().nonnegative(),
  });
export type Page<T> = { items: T[]; page: number; pageSize: number; total: number };
