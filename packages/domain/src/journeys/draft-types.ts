import type { z } from 'zod';

// The draft types built from the journeys' own page schemas: each step file says, in one table, which page schemas
// store their answers where in the draft (`DraftAnswers`), and the draft type is inferred from those tables
// (answers.ts). So a new page's answers enter the draft type with the page; the codec's places and the API's
// submitted view then do not compile until they name them.

/** A page schema, or the factory that builds it for a clock or a journey. */
type PageSchema = z.ZodType | ((...args: never[]) => z.ZodType);

/** The pages storing answers at one key of the draft: one schema, or several whose answers share the key. */
type PagesAt = PageSchema | readonly PageSchema[] | { readonly list: PageSchema };

/**
 * A page storing some of its fields under other names: `names` gives such a field's dotted path from where its
 * table stands (`firstName: 'currentName.forename'`); a field it does not name keeps its own name.
 */
export interface RenamedPage {
  readonly page: PageSchema;
  readonly names: { readonly [field: string]: string };
}

/**
 * Which page schemas store a part of the draft: `top` pages store their fields at the top of the draft under their
 * own names (`mothersMaidenName`), or under the names a `RenamedPage` gives them; `at` pages store their fields in
 * an object under a key of the draft (the passport pages under `passport`), or as a list of such objects
 * (`{ list: schema }`); an `at` key may hold a table of its own for an object several pages fill in part
 * (the organisation draft's `applicant`).
 */
export interface DraftAnswers {
  readonly top: readonly (PageSchema | RenamedPage)[];
  readonly at: { readonly [key: string]: PagesAt | DraftAnswers };
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

type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (
  intersection: infer I,
) => void
  ? I
  : never;

/** An answer stored at a dotted path: `AtPath<'currentName.forename', string>` is `{ currentName?: { forename?: string } }`. */
type AtPath<P extends string, V> = P extends `${infer Head}.${infer Rest}`
  ? { [K in Head]?: AtPath<Rest, V> }
  : { [K in P]?: V };

/** A renamed page's answers: each field at the path its table names, or under its own name. */
type RenamedAnswers<T, Names> = UnionToIntersection<
  {
    [K in AllKeys<T> & string]: AtPath<
      K extends keyof Names ? (Names[K] extends string ? Names[K] : K) : K,
      Field<Exclude<ValueAt<T, K>, undefined>>
    >;
  }[AllKeys<T> & string]
>;

type TopAnswers<E> = Merged<Output<Exclude<E, RenamedPage>>> &
  UnionToIntersection<E extends RenamedPage ? RenamedAnswers<Output<E['page']>, E['names']> : never>;

type AtAnswer<P> = P extends DraftAnswers ? AnswersOf<P> : StoredAnswer<OutputsAt<P>>;

/** The draft's answers a table of pages stores. */
export type AnswersOf<T extends DraftAnswers> = TopAnswers<T['top'][number]> & {
  -readonly [K in keyof T['at']]?: AtAnswer<T['at'][K]>;
};

/** An intersection written out as one object type (readable in the editor and in compiler errors). */
export type Flat<T> = { [K in keyof T]: T[K] };

/** An object of a draft (not a list, not a value of one field written as an array). */
type DraftObject<T> = T extends readonly unknown[] ? never : T extends object ? T : never;

type MergedValue<X, Y> = [X] extends [never]
  ? Y
  : [Y] extends [never]
    ? X
    : [DraftObject<X>, DraftObject<Y>] extends [never, never]
      ? X | Y
      : [X, Y] extends [DraftObject<X>, DraftObject<Y>]
        ? MergedDrafts<X, Y>
        : X | Y;

/**
 * Two parts of a draft as one, every key optional as a draft's keys are: an object both parts have is merged key by
 * key, a value both give may be either (the server stores a payment type FREE where the page offers card or
 * invoice). Written out deeply, so it reads as one object type.
 */
export type MergedDrafts<A, B> = {
  [K in keyof A | keyof B]?: MergedValue<
    K extends keyof A ? Exclude<A[K], undefined> : never,
    K extends keyof B ? Exclude<B[K], undefined> : never
  >;
};
