/**
 * One page of a paged list: `items` plus where they sit in the whole list. Lists that take a
 * `page` parameter answer with it; without `page` the same lists answer a plain array.
 */
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}
