export type Either<E, A> = { _tag: 'Left'; left: E } | { _tag: 'Right'; right: A }

export const right = <A>(a: A): Either<never, A> => ({ _tag: 'Right', right: a })

export const left = <E>(e: E): Either<E, never> => ({ _tag: 'Left', left: e })

function unusedSwap<E, A>(ma: Either<E, A>): Either<A, E> {
  return ma._tag === 'Left' ? right(ma.left) : left(ma.right)
}
