/**
 * The shape of a translation of an English catalog (`en-*.ts` → `es-*.ts`): exactly the same
 * keys, nested, with any strings as values. A missing key or an extra key in a translation is a
 * type error (ADR 0022); a unit test checks the same at run time.
 */
export type Translation<T> = {
  -readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]>;
};
