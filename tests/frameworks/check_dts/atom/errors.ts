import { atom } from '../index.js'

let count = atom(0)
// THROWS not assignable to parameter of type 'number'
count.set('1')

// THROWS Property 'unknown' does not exist
let wrongRead = count.get().unknown
