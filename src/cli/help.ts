/**
 * Each command's help text, apart from the command, so the bundled executable's small entry answers
 * `codemode <command> --help` and `codemode help <command>` without loading the CLI (src/cli/usage.ts).
 */

/** A program that never ends is stopped after this long unless --timeout says otherwise. */
export const DEFAULT_TIMEOUT_MS = 30_000

export const TOOLSET_HELP = `toolset files (--tools): JSON { "name": "shop", "tools": [TOOL, ...] }, where each TOOL is
  { "path": ["orders", "get"],                          called as tools.orders.get(input)
    "description": "Get one order by id",
    "input": {JSON Schema}, "output": {JSON Schema},    describe the tool to the model (values are not validated)
    "cases": [ { "when": { "id": "o1" }, "result": {...} },       the first case whose "when" fields all equal
               { "when": { "id": "o9" }, "error": "Not found" } ], the input's answers: a result or a tool error
    "default": { "result": ... } | { "error": "..." } }  otherwise (none: the error "no fixture for this input")
  An example ships with the package: examples/toolsets/shop.json (format: docs/corpus-format.md#fixture-toolsets).
`

export const CORPUS_HELP = `usage: codemode corpus <root> [--json] [--dialect <id>] [--no-frontend] [--baseline] [--no-v8] [--min-ok <ratio>]
                       [--svg <file>] [--typecheck warn|refuse]

Runs every case under <root> (docs/corpus-format.md#layout) and reports how far each got:
envelope, normalize, execute, answer, ok.

  --json           print one JSON object (the report of docs/corpus-format.md#json-report) instead of the table
  --dialect <id>   only the cases written for this dialect
  --no-frontend    strict execute(code) only: input must be a string or { code: string }
  --baseline       also run with the frontend off and show its ok column beside the table
                   (with --json: the frontend-off report is added under "baseline")
  --no-v8          do not re-run silently wrong answers under V8 (node:vm) to attribute them to the
                   program or the runtime (default: re-run; ~50 ms per wrong answer)
  --min-ok <r>     exit 1 when ok/total is below r (0..1)
  --timeout <ms>   per-case execution timeout (default 5000)
  --svg <file>     also draw the coverage picture (a bar per dialect split by stage, a thin bar for the
                   frontend-off ok share) into <file>; runs the frontend-off baseline when not asked already
  --typecheck <m>  type-check each program against the fixtures' catalog (docs/typecheck.md) and add a table:
                   run-time program mistakes flagged before running, correct programs that drew a finding

On a terminal a progress line (case n of N) is drawn on stderr and erased at the end; piped, nothing is.
Example corpus shipped with the package: examples/ (8 cases, one per dialect; format: docs/corpus-format.md).

exit status: 0 the run worked (whatever the coverage), 1 a case file is malformed or ok is below --min-ok,
2 usage error
`

export const CORPUS_IMPORT_HELP = `usage: codemode corpus import <path>... --out <dir> [--format <id>] [--tool <name>]... [--redact <value>]...
                              [--redact-home] [--dry-run]

Reads agents' transcripts (files, or directories walked for *.jsonl, *.ndjson, *.json) and writes every call to a
code-execution tool as a corpus case under <dir>, with its provenance and the result the original system returned;
"codemode corpus <dir>" then reports on them, with a replay column (docs/corpus-import.md).

  --out <dir>        the corpus folder to write (created if needed); required unless --dry-run
  --format <id>      read every file as this format instead of detecting it: FORMAT_IDS
  --tool <name>      also count calls to this tool as code-tool calls (repeatable); built in: exec, execute,
                     code_mode, codemode, codemode_execute, run_code, execute_typescript, call_tool_chain, …,
                     bare or MCP-prefixed (mcp__<server>__execute), and any call with a string code, script
                     or program argument
  --redact <value>   a value to redact wherever it occurs (repeatable); tokens, API keys, Authorization values
                     and private keys are always redacted
  --redact-home      replace home-directory paths (/home/<user>, /Users/<user>, C:\\Users\\<user>) with ~
  --dry-run          read and count everything, write nothing

Unreadable lines are reported on stderr as file:line and skipped. The summary (files, formats, calls seen,
code-tool calls kept, redactions, problems) goes to stdout; on a terminal a progress line is drawn on stderr.

exit status: 0 the import ran (even with unreadable lines), 1 nothing could be read, 2 usage error
`

export const RUN_HELP = `usage: codemode run [file|-] [--tools <toolset.json>]... [--openapi <spec.json> [--base-url <url>]]
                    [--isolation process|worker|none] [--typecheck warn|refuse] [--json]

Runs raw tool-call arguments (any envelope, any dialect) or a bare program through the frontend and the runtime,
then prints the answer, the logs, the diagnostic with a caret under the offending code, and the receipt.
Reads stdin when the file is omitted or "-".

  --tools <file>      a fixture toolset (format: docs/corpus-format.md#fixture-toolsets); repeatable
  --openapi <file>    an OpenAPI 3.x JSON document, exposed under --namespace (default "api")
  --base-url <url>    overrides the document's servers
  --no-frontend       strict execute(code) only
  --timeout <ms>      execution timeout (default ${DEFAULT_TIMEOUT_MS}; a pragma in the program may lower it)
  --approve <name>    ask on the terminal before each call to this tool ("repo.write"), every tool of a
                      namespace ("repo") or every tool ("*"): "Allow tools.repo.write({...})? [y/N]"; repeatable
                      or comma-separated. Without a terminal on stdin those calls are denied, with that reason
  --defer             with --approve: do not ask; the run stops at the first covered call and prints a resume
                      token (exit status 3) for "codemode resume" (docs/resume.md)
  --typecheck <mode>  type-check the program against the tools' types before it runs (docs/typecheck.md):
                      warn (findings in the receipt, then run) or refuse (TypeCheck before any call); off (default)
  --memory <bytes>    per-execution memory budget (limits.maxMemoryBytes; also caps the sandbox's heap)
  --isolation <mode>  where the program runs: process (default: a child process, killed at the deadline or its
                      heap cap), worker (a worker thread), none (inside this process)
  --per-tool <n=c>    at most c calls of tool n ("fs.write_file=5"; "*=200" for each other tool); a call past it
                      fails with an error the program can catch (limits.perTool); repeatable or comma-separated
  --max-repeats <n>   stop the program when it calls one tool with identical input n times (default 1000; off)
  --json              print the CodeMode.Result (with the receipt) as JSON
  --verbose           print each tool call on stderr as it starts and ends ("-> tools.x({...})", "<- tools.x ok (3 ms)")

${TOOLSET_HELP}
exit status: 0 the program succeeded, 1 it failed, 2 usage error, 3 waiting for approval (--defer)
`

export const RESUME_HELP = `usage: codemode resume <token> --allow | --deny [--reason <text>] [--tools <toolset.json>]...
                    [--approve <name> [--defer]] [--isolation process|worker|none] [--json]

Continues a run that "codemode run --approve NAME --defer" left waiting: the program runs again from its text,
every call it had made is answered from the journal (not made again), and the waiting call runs (--allow) or
fails with the reason (--deny), an error the program can catch. A token works once and expires after an hour.
Journals and the signing key live in $CODEMODE_RESUME_DIR (default $XDG_STATE_HOME/codemode/resume, else
~/.local/state/codemode/resume). Give the same --tools/--openapi as the run, and the same --approve for the calls
after the waiting one.

  --allow / --deny    the decision for the waiting call
  --reason <text>     with --deny: what the program's error says
  --approve, --defer, --timeout, --memory, --isolation, --per-tool, --max-repeats, --json: as for "codemode run"

exit status: 0 the program succeeded, 1 it failed (or the token was refused), 2 usage error, 3 waiting again
`

export const APPROVALS_HELP = `usage: codemode approvals list [--json] [--store <where>]
       codemode approvals allow <token> | deny <token> [--reason <text>] [--store <where>]

Decides a call that "codemode mcp --approve NAME --defer" holds: the model got an ApprovalPending result with a
resume token, and its next call of the gateway's resume tool continues the run with this decision. Use the gateway's
--store (default: the journals in $CODEMODE_RESUME_DIR) and its resume directory (the signing key). "list" shows each
waiting call (tool, input, expiry, decision) with its token; a token is decided once.

  --reason <text>     with deny: what the program's error says
  --store <where>     redis://HOST:PORT[/DB], rediss://…, or a directory (file:DIR), as given to the gateway
  --json              with list: the whole inputs, as JSON

exit status: 0 recorded or listed, 1 refused (bad or expired token, no such run, already resumed or decided; a store
that cannot list), 2 usage error
`

export const NORMALIZE_HELP = `usage: codemode normalize [file|-] [--tools <toolset.json>]... [--openapi <spec.json>] [--json]

Runs the frontend only and prints the canonical code, then the receipt (detected dialect, changes, warnings)
and any diagnostic with a caret under the offending code. Reads stdin when the file is omitted or "-".

  --tools <file>      a fixture toolset, so tool paths resolve against it; repeatable
  --openapi <file>    an OpenAPI 3.x JSON document, exposed under --namespace (default "api")
  --json              print { code, receipt, diagnostics } as JSON

${TOOLSET_HELP}
exit status: 0 normalized, 1 a diagnostic, 2 usage error
`

export const INSTRUCTIONS_HELP = `usage: codemode instructions --tools <toolset.json>... [--openapi <spec.json>] [--dialect <id>]

Prints the model-facing instructions (workflow, rules, language, budgeted tool catalog) for a tool set.

  --tools <file>      a fixture toolset; repeatable
  --openapi <file>    an OpenAPI 3.x JSON document, exposed under --namespace (default "api")
  --dialect <id>      render the tool catalog the way that system shows it to its model

${TOOLSET_HELP}
exit status: 0 printed, 2 usage error
`

export const MCP_HELP = `usage: codemode mcp [--config <mcp.json>] [--server NAME=COMMAND|URL]... [--tools <toolset.json>]...
                    [--openapi <spec.json> [--namespace NS] [--base-url URL] [--shape cloudflare]] [--dialect ID]
                    [--mode code|passthrough|both]
                    [--http PORT [--host HOST] [HTTP options]] [--timeout MS] [--memory BYTES] [--isolation process|worker|none]
                    [--approve NAME [--defer]]... [--per-tool NAME=COUNT]... [--max-repeats N|off] [--no-validate]
                    [--store redis://HOST:PORT|DIR]
                    [--typecheck warn|refuse]

An MCP server in front of other MCP servers and local tools. By default it exposes one tool, "execute" ({ code }):
the model sends a program that calls tools.NAME.<tool>(...) for any upstream NAME, and gets back its value (as JSON
text and structuredContent { value, logs, toolCalls }) or a diagnostic with line:column and suggestions (isError).
The program may be in any dialect the frontend knows, fenced, TypeScript, or a JSON list of calls. For models that
cannot write code, --mode passthrough serves "search" and "invoke" instead (--mode both: all three).

upstreams (each NAME becomes the namespace tools.NAME):
  --config <file>          the "mcpServers" JSON MCP clients use:
                             { "mcpServers": { "fs":  { "command": "npx", "args": ["-y", "pkg", "/data"], "env": {} },
                                               "api": { "url": "https://host/mcp", "headers": { "Authorization": "…" } } } }
                           "command" entries run over stdio, "url" entries over Streamable HTTP; "disabled": true skips one
  --server NAME=COMMAND    a stdio upstream; the command line is split as a shell would (quotes, backslashes),
                           but nothing is expanded ($VAR, ~, globs) and there is no shell (no pipes, no &&); repeatable
  --server NAME=URL        a Streamable HTTP upstream (http:// or https://); repeatable
  --tools <file>           a fixture toolset (the corpus toolset format); repeatable
  --openapi <file>         an OpenAPI 3.x JSON document, exposed under --namespace (default "api")
  --base-url <url>         overrides the OpenAPI document's servers
  --shape cloudflare       serve Cloudflare's two OpenAPI tools instead of execute: "search" ({ code }: a program
                           reading the document as spec) and "execute" ({ code }: a program calling
                           codemode.request({ method, path, query, body }), checked against the document's
                           operations and sent through their tools) (docs/openapi.md#cloudflare-shape)

serving:
  --mode <mode>            what the gateway serves (docs/mcp.md "Passthrough"): code (default) the one tool
                           execute; passthrough the tools search ({ query }: tools ranked by name, description and
                           input fields, with their input schemas) and invoke ({ tool, input }: one call, validated,
                           approved and limited as a call inside a program), for models and clients that cannot
                           write code; both all three
  --dialect <id>           write execute's description (instructions and catalog) the way that system shows tools
                           to its model: opencode (default), pi, cloudflare, vercel, tanstack, deepseek, codex, utcp
  --http <port>            serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio (0 picks a free port)
  --host <host>            the address to listen on with --http (default 127.0.0.1, loopback only); any other
                           address needs a token, or --insecure-no-auth
  --timeout <ms>           each program's deadline, tool calls included (default 45000: under the 60 s MCP clients
                           wait by default, so they see the gateway's TimeoutExceeded)
  --memory <bytes>         each program's memory budget (limits.maxMemoryBytes); with isolation, also the sandbox's
                           heap cap (SECURITY.md "Isolation")
  --isolation <mode>       where programs run: process (default: a child process per run, from a warm pool, killed at
                           the deadline or its heap cap), worker (a worker thread: cheaper, contains less), or none (in
                           the gateway's own process: only the interpreter's estimates and clock checks). Tools always
                           run in the gateway
  --approve <name>         hold each call to this tool ("fs.write_file"), every tool of a namespace ("fs") or every
                           tool ("*") until the MCP client approves it through elicitation; a client that does not
                           support elicitation gets the call denied, with that reason; repeatable or comma-separated
  --defer                  with --approve: do not ask; the program stops ApprovalPending with a resume token, a
                           person decides with "codemode approvals allow|deny TOKEN", and the model continues with
                           the resume tool ({ token }). Journals in --store, else in $CODEMODE_RESUME_DIR (docs/resume.md)
  --per-tool <name=count>  at most count calls of that tool per program ("fs.write_file=5"; "*=200" for each other
                           tool); a call past it fails with an error the program can catch; repeatable or comma-separated
  --max-repeats <n>        stop a program that calls one tool with identical input n times (default 1000; off)
  --typecheck <mode>       type-check each program against the tools' types before it runs (docs/typecheck.md):
                           warn (findings in the receipt, then run) or refuse (TypeCheck before any call); off (default)
  --no-validate            do not check tool inputs against their JSON Schemas before calling (checked by default:
                           a bad field is an InvalidToolInput diagnostic naming its path, and nothing is sent)
  --store <where>          where each MCP session keeps its state (Codex/Pi store/load): redis://HOST:PORT[/DB] or
                           rediss://… (several gateway processes on one Redis serve the same sessions), or a
                           directory (file:DIR); default: this process's memory (docs/sessions.md)

HTTP options (docs/mcp.md "Serving over HTTP"):
  --auth-token <token>     every request must carry "Authorization: Bearer <token>" (401 otherwise); prefer the
                           CODEMODE_AUTH_TOKEN environment variable, which other users cannot read in ps
  --insecure-no-auth       serve a non-loopback --host without a token
  --allow-host <name>      a Host name clients may use besides localhost, 127.0.0.1 and [::1] (403 otherwise:
                           DNS rebinding); repeatable; * accepts any
  --allow-origin <origin>  a browser origin (scheme://host[:port]) that may call the gateway, with CORS; a request
                           with any other Origin header gets 403; repeatable; * accepts any
  --max-body <bytes>       the largest request body (default 4194304; 413 beyond)
  --max-sessions <n>       sessions open at once (default 64; 429 beyond)
  --max-in-flight <n>      requests one session may have in flight (default 16; 429 beyond)
  --session-idle <ms>      close a session after this long without a request (default 900000)

An upstream that crashes, hangs past the deadline or disconnects fails the calling program's tool call (a ToolError
it can catch), is restarted with backoff, and never takes the gateway down; when an upstream's tool list changes
(it restarted, or sent notifications/tools/list_changed) clients are told that execute's description changed.
Logs go to stderr; in stdio mode stdout carries only the protocol.

exit status: 0 the client disconnected (stdio) or SIGINT/SIGTERM, 1 the gateway could not start, 2 usage error
`
