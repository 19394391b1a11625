import * as E from '../src'

// $ExpectType Either<never, number>
export const r = E.right(1)

// $ExpectType Either<string, never>
const l = E.left('a')

function check(): void {
  // $ExpectType Either<never, string>
  E.right('x')
}
