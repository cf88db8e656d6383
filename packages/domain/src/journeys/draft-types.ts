import type { z } from 'zod';

// The draft types built from the journeys' own page schemas: each side's step files say, in one table each,
// which page schemas store their answers where in the draft (`DraftAnswers`), and the draft type is inferred from
// those tables (answers.ts). So a new page's answers enter the draft type with the page; the codec's places and
// the API's submitted view then do not compile until they name them.

/** A page schema, or the factory that builds it for a clock or a journey. */
type PageSchema = z.ZodType | ((...args: never[]) => z.ZodType);

/** The pages storing answers at one key of the draft: one schema, or several whose answers share the key. */
type PagesAt = PageSchema | readonly PageSchema[] | { readonly list: PageSchema };

/**
 * Which page schemas store a part of the draft: `top` pages store their fields at the top of the draft under their
 * own names (`mothersMaidenName`); `at` pages store their fields in an object under a key of the draft (the
 * passport pages under `passport`), or as a list of such objects (`{ list: schema }`).
 */
export interface DraftAnswers {
  readonly top: readonly PageSchema[];
  readonly at: { readonly [key: string]: PagesAt };
}

type Output<S> = S extends (...args: never[]) => infer R
  ? Output<R>
  : S extends z.ZodType
    ? z.output<S>
    : never;
type OutputsAt<P> = P extends { readonly list: infer S }
  ? Output<S>[]
  : P extends readonly (infer S)[]
    ? Output<S>
    : Output<P>;

type AllKeys<U> = U extends unknown ? keyof U : never;
type ValueAt<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : never) : never;

/** Parsed values as stored: a ticked or yes/no answer is a boolean (not the literal its branch parsed to). */
type Widen<T> = [T] extends [boolean]
  ? boolean
  : T extends readonly (infer E)[]
    ? Widen<E>[]
    : T extends object
      ? { [K in keyof T]: Widen<T[K]> }
      : T;

/** A page's object of answers as the draft keeps it: its branches merged, each field optional. */
type Merged<T> = { [K in AllKeys<T>]?: Field<Exclude<ValueAt<T, K>, undefined>> };
/** One field as stored: a list of objects (names, addresses, bodies) keeps each entry's fields optional too. */
type Field<V> = [V] extends [readonly (infer E)[]]
  ? [E] extends [object]
    ? Merged<E>[]
    : Widen<E>[]
  : Widen<V>;

/**
 * A page's parsed answer as a draft keeps it: the fields of its object optional (a draft fills up one page at a
 * time), the branches of a page (yes with details, no without) merged into one object, a ticked or yes/no answer
 * a boolean; a value of one field (a date, a month) stays whole.
 */
export type StoredAnswer<T> = [T] extends [never]
  ? never
  : [T] extends [readonly (infer E)[]]
    ? Merged<E>[]
    : [T] extends [object]
      ? Merged<T>
      : Widen<T>;

/** The draft's answers a table of pages stores. */
export type AnswersOf<T extends DraftAnswers> = Merged<Output<T['top'][number]>> & {
  -readonly [K in keyof T['at']]?: StoredAnswer<OutputsAt<T['at'][K]>>;
};

/** An intersection written out as one object type (readable in the editor and in compiler errors). */
export type Flat<T> = { [K in keyof T]: T[K] };
