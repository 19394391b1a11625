export { atom } from './atom/index.js'
