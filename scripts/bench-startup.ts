// `npm run bench:startup`: only the CLI start-up rows of `npm run bench`.
import { table } from "./bench/measure.js"
import { startupRows } from "./bench/startup.js"

console.log(table(startupRows()))
