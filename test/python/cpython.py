"""Runs each program of a JSON list (stdin) under CPython with the fixture tools bound as Python functions.

For each program: its stdout, its result (final_answer's argument, or the value of a last expression statement),
the tool calls in order, and the name of an uncaught exception. One process runs every program (test/python).
"""
import ast, asyncio, contextlib, io, json, sys, types

fixtures = json.load(open(sys.argv[1]))


class FinalAnswer(BaseException):
    def __init__(self, value):
        self.value = value


def make_tool(name, spec, calls, is_async):
    params = spec["params"]

    def run(*args, **kwargs):
        if len(args) == 1 and not kwargs and isinstance(args[0], dict):
            kwargs = args[0]
        else:
            kwargs = {**dict(zip(params, args)), **kwargs}
        calls.append([name, kwargs])
        key = json.dumps([kwargs.get(p) for p in params], separators=(",", ":"), ensure_ascii=False)
        if key not in spec["table"]:
            raise Exception("no fixture for " + name + key)
        return json.loads(json.dumps(spec["table"][key]))

    if not is_async:
        return run

    async def arun(*args, **kwargs):
        return run(*args, **kwargs)

    return arun


def final_answer(value):
    raise FinalAnswer(value)


def run_one(code):
    calls = []
    tree = ast.parse(code, mode="exec", type_comments=False) if False else None
    uses_await = "await" in code or "async " in code
    env = {"final_answer": final_answer, "__name__": "__main__"}
    for name, spec in fixtures.items():
        env[name] = make_tool(name, spec, calls, uses_await)

    async def call_tool(name, params=None, **kw):
        return env[name](**(params or {}), **kw) if not uses_await else await env[name](**(params or {}), **kw)

    env["call_tool"] = call_tool
    # Gemini's sandbox offers the declared functions as attributes of `default_api` too (docs/python.md).
    env["default_api"] = types.SimpleNamespace(**{name: env[name] for name in fixtures})
    out = io.StringIO()
    result = None
    error = None
    try:
        module = ast.parse(code)
        last = None
        if module.body and isinstance(module.body[-1], ast.Expr):
            e = module.body[-1].value
            if not (isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id in ("print", "final_answer")):
                last = ast.Expression(e)
                module.body = module.body[:-1]
        flags = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
        with contextlib.redirect_stdout(out):
            try:
                for part, mode in ((module, "exec"), (last, "eval")):
                    if part is None:
                        continue
                    ast.fix_missing_locations(part)
                    value = eval(compile(part, "<program>", mode, flags=flags), env)
                    if asyncio.iscoroutine(value):
                        value = asyncio.run(value)
                    if mode == "eval":
                        result = value
            except FinalAnswer as f:
                result = f.value
    except BaseException as e:  # noqa: BLE001 - the program's own uncaught exception is the datum
        error = type(e).__name__
    try:
        result = json.loads(json.dumps(result, default=str))
    except ValueError:
        result = str(result)
    return {"stdout": out.getvalue(), "result": result, "calls": calls, "error": error}


programs = json.load(sys.stdin)
json.dump([run_one(p) for p in programs], sys.stdout)
