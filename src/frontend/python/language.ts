import type { State } from "../types.js"

/** The program's language, for the receipt (`receipt.language`); a JavaScript program leaves it unset. */
export const recordLanguage = (state: State, language: "python"): void => {
  state.language = language
}
