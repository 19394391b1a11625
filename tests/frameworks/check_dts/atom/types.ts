import { atom } from '../index.js'

let store = atom<string | undefined>(undefined)
store.set('ready')
let readBack: string | undefined = store.get()
