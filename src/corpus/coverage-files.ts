import { renderCoverage, type Coverage } from "./coverage.js"
import type { CorpusReport } from "./runner.js"

/**
 * The coverage files exactly as committed: the markdown goes through the repository's prettier configuration, since
 * `npm test` checks formatting. Prettier is a development dependency, loaded only here and only when present.
 */
export const coverageFiles = async (on: CorpusReport, off: CorpusReport, markdownPath: string): Promise<Coverage> => {
  const { markdown, svg } = renderCoverage(on, off)
  const specifier = "prettier"
  try {
    const prettier = await import(specifier)
    const config = (await prettier.resolveConfig(markdownPath)) ?? {}
    return { markdown: await prettier.format(markdown, { ...config, filepath: markdownPath }), svg }
  } catch {
    return { markdown, svg }
  }
}
