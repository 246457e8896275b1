import type { ImportException } from "./import-graph.js"

/**
 * Imports that break the layering of scripts/import-graph.ts, each with why it is there and what would remove it.
 * An entry whose import is gone fails the check: delete it then. They all close the interpreter's circle through
 * its built-ins: an abstract operation or a piece of execution state that lives in a built-in's file.
 */
export const IMPORT_EXCEPTIONS: ReadonlyArray<ImportException> = []
