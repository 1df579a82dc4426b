"""Python's own conditions on kernel values, as TileLang's kernels write them.

A @T.prim_func or @T.macro function is traced: its body runs once with
symbolic values, and Python's `if`, `and`, `or`, `not`, `x if c else y`,
`a < b < c` and `range` would need the truth of a value that is only known
when the kernel runs. TileLang reads the function's source instead, and
kernels written for it use them (`while` too, when its body has no break,
continue or return):

    if keep[row, col, step]:            # scf.if around the copies and gemm
        T.copy(A[row * 128, step * 32], a_s)
    inside = (y >= 0) and (y < H)       # arith.andi of the two compares
    for t in range(n_blocks):           # scf.for when n_blocks is a kernel value

So the function is compiled again from its source with those constructs
turned into calls of this module, which do what Python does for Python
values (the same short circuits, the same results) and build the scf and
arith ops for kernel values. Functions whose source Python cannot give back
(typed at the prompt, made by exec) are traced as they are.
"""

import ast
import inspect
import numbers
import operator
import sys
import threading
import types

from . import emitter
from .types import i1

_HELPERS = "__tile_mlir_rewrite__"


def _is_kernel_value(x):
    from .values import Choice, Size, Value, Window
    return isinstance(x, (Value, Window, Size, Choice))


def _truth(x):
    """An i1 value for a kernel value, as Python's truth: x != 0."""
    from .ops import cast
    return cast(x, i1)


def branches(cond, has_else):
    """`if cond:` as a loop over the branches to trace: one branch, chosen
    by Python, for a Python value; for a kernel value an scf.if whose then
    region traces the body and whose else region the orelse."""
    if not _is_kernel_value(cond):
        yield bool(cond)
        return
    cond = _truth(cond)
    e = emitter.current()
    loc = emitter.caller_location()
    e.open("scf.if %s {" % cond.name, "an if", loc)
    yield True
    if has_else:
        e.turn("} else {", "the else of an if", loc)
        yield False
    e.close("}", loc)


def logical(kind, *thunks):
    """`a and b and ...` (kind "and") or `a or b or ...`: Python's result
    while the operands are Python values; from the first kernel value on,
    arith.andi / arith.ori of the operands' truths (every later operand is
    evaluated: kernel expressions have no effects to skip)."""
    from .values import binary
    stop = (lambda x: not x) if kind == "and" else bool
    value = None
    for i, thunk in enumerate(thunks):
        value = thunk()
        if _is_kernel_value(value):
            result = _truth(value)
            for rest in thunks[i + 1:]:
                other = rest()
                if not _is_kernel_value(other):
                    if stop(other):
                        return other  # False for "and", a true value for "or"
                    continue
                result = binary(kind, result, _truth(other))
            return result
        if stop(value):
            return value
    return value


def negation(x):
    """`not x`."""
    from .values import binary
    if not _is_kernel_value(x):
        return not x
    return binary("xor", _truth(x), True)


def choice(cond, then, other):
    """`a if cond else b`: for a kernel condition, T.if_then_else."""
    if not _is_kernel_value(cond):
        return then() if cond else other()
    from .ops import if_then_else
    from .values import Choice
    cond, a, b = _truth(cond), then(), other()
    if isinstance(a, numbers.Number) and isinstance(b, numbers.Number):
        return Choice(cond, a, b)  # typed where it is used, as a Python number is
    return if_then_else(cond, a, b)


_COMPARE = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt,
            ast.GtE: operator.ge, ast.Eq: operator.eq, ast.NotEq: operator.ne,
            ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
            ast.Is: operator.is_, ast.IsNot: operator.is_not}


def chain(ops, *thunks):
    """`a < b <= c`: `a < b and b <= c` with b evaluated once."""
    left = thunks[0]()
    comparisons = []
    for op, thunk in zip(ops, thunks[1:]):
        right = thunk()
        comparisons.append(lambda l=left, r=right, op=op: _COMPARE[op](l, r))
        left = right
    # Operands are evaluated in order before the first compare that stops
    # the chain; for Python values that evaluates operands Python would
    # skip, which only matters for operands with effects.
    return logical("and", *comparisons)


def range_(*args):
    """`range(...)`: Python's range for Python ints; a loop (T.serial) when
    a bound is a kernel value, as TileLang's."""
    if not any(_is_kernel_value(a) for a in args):
        return range(*args)
    from .structure import serial
    if len(args) == 3:
        return serial(args[0], args[1], step=args[2])
    return serial(*args)


def whiles(test):
    """`while test:` as a loop over the iterations to trace. For a Python
    condition, Python's while (the test evaluated before each iteration);
    for a kernel value, an scf.while whose before region evaluates the test
    and whose body is traced once."""
    e = emitter.current()
    loc = emitter.caller_location()
    mark = (len(e.body), e.depth, list(e.regions), e.region_ids)
    e.open("scf.while : () -> () {", "a while", loc)
    cond = test()
    if not _is_kernel_value(cond):
        # A Python condition: nothing of the scf.while stays.
        del e.body[mark[0]:]
        e.depth, e.regions, e.region_ids = mark[1], mark[2], mark[3]
        while cond:
            yield
            cond = test()
        return
    e.emit("scf.condition(%s)" % _truth(cond).name, loc)
    e.turn("} do {", "a while", loc)
    yield
    e.emit("scf.yield", loc)
    e.close("}", loc)


class _Rewriter(ast.NodeTransformer):
    """Turns the constructs above into calls of this module."""

    def __init__(self):
        self.changed = False

    def _call(self, name, args):
        self.changed = True
        return ast.Call(func=ast.Attribute(value=ast.Name(id=_HELPERS, ctx=ast.Load()),
                                           attr=name, ctx=ast.Load()),
                        args=args, keywords=[])

    @staticmethod
    def _thunk(node):
        return ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], vararg=None,
                                             kwonlyargs=[], kw_defaults=[], kwarg=None,
                                             defaults=[]),
                          body=node)

    def visit_Lambda(self, node):
        return node  # the user's lambdas: left as they are

    def visit_For(self, node):
        self.generic_visit(node)
        call = node.iter
        # A traced loop runs its body once: a break in it, or an else
        # clause, keeps Python's range.
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                and call.func.id == "range" and not call.keywords and not node.orelse
                and not any(isinstance(a, ast.Starred) for a in call.args)
                and not _leaves(node.body, (ast.Break,))):
            node.iter = ast.copy_location(self._call("range_", call.args), call)
        return node

    @staticmethod
    def _traced(node, flag, iterator, body):
        """`for <flag> in <iterator>: <body>` in `node`'s place."""
        loop = ast.For(target=ast.Name(id=flag, ctx=ast.Store()), iter=iterator, body=body,
                       orelse=[])
        for made in (loop, iterator, loop.target):
            ast.copy_location(made, node)
        return loop

    def visit_While(self, node):
        self.generic_visit(node)
        if node.orelse or _binds(node.test) or _leaves(node.body, _LEAVING):
            return node  # a Python while, as written
        # for __tile_while in whiles(lambda: test): body
        return self._traced(node, "__tile_while_%d_%d" % (node.lineno, node.col_offset),
                            self._call("whiles", [self._thunk(node.test)]), node.body)

    def visit_If(self, node):
        self.generic_visit(node)
        if _leaves(node.body + node.orelse, _LEAVING):
            return node  # break, continue or return: a Python if, as written
        # for __tile_branch in branches(test, has_else):
        #     if __tile_branch: body
        #     else: orelse
        flag = "__tile_branch_%d_%d" % (node.lineno, node.col_offset)
        inner = ast.copy_location(ast.If(test=ast.Name(id=flag, ctx=ast.Load()),
                                         body=node.body, orelse=node.orelse), node)
        ast.copy_location(inner.test, node)
        return self._traced(node, flag, self._call("branches", [
            node.test, ast.Constant(bool(node.orelse))]), [inner])

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        if _binds(node):
            return node
        kind = "and" if isinstance(node.op, ast.And) else "or"
        return ast.copy_location(self._call("logical", [ast.Constant(kind)] + [
            self._thunk(v) for v in node.values]), node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if not isinstance(node.op, ast.Not):
            return node
        return ast.copy_location(self._call("negation", [node.operand]), node)

    def visit_IfExp(self, node):
        self.generic_visit(node)
        if _binds(node):
            return node
        return ast.copy_location(self._call("choice", [
            node.test, self._thunk(node.body), self._thunk(node.orelse)]), node)

    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) == 1 or _binds(node):
            return node
        ops = ast.Tuple(elts=[ast.Attribute(
            value=ast.Attribute(value=ast.Name(id=_HELPERS, ctx=ast.Load()), attr="ast",
                                ctx=ast.Load()),
            attr=type(op).__name__, ctx=ast.Load()) for op in node.ops], ctx=ast.Load())
        return ast.copy_location(self._call("chain", [ops] + [
            self._thunk(v) for v in [node.left] + node.comparators]), node)


def _binds(node):
    """Whether an expression holds what a thunk (a lambda) cannot: `x := v`,
    which would bind x in the lambda instead of the function, or a yield or
    an await. Such an expression keeps Python's operators, as written."""
    return any(isinstance(n, (ast.NamedExpr, ast.Yield, ast.YieldFrom, ast.Await))
               for n in ast.walk(node))


# What leaves the statement that holds it.
_LEAVING = (ast.Return, ast.Break, ast.Continue)


def _leaves(statements, kinds):
    """Whether `statements` hold a node of `kinds` (a tuple of return, break,
    continue) that would leave them: one not in a function nested in them,
    and for break and continue not in a loop nested in them either."""
    todo = list(statements)
    while todo:
        node = todo.pop()
        if isinstance(node, kinds):
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                             ast.ClassDef)):
            continue
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            # A nested loop keeps its break and continue; a return leaves.
            if ast.Return in kinds and _leaves(list(ast.iter_child_nodes(node)),
                                               (ast.Return,)):
                return True
            continue
        todo.extend(ast.iter_child_nodes(node))
    return False


# The rewritten code of each function's code object (None: kept as it
# is), so that a factory building its kernel once per configuration reads
# and compiles the source once.
_rewritten_code = {}
_rewritten_lock = threading.Lock()


def rewritten(fn):
    """`fn` compiled again with Python's conditions on kernel values made
    into scf and arith ops; `fn` itself where there is nothing to change
    or its source is not to be had."""
    if getattr(fn, "__tile_mlir_rewritten__", False):
        return fn
    code = getattr(fn, "__code__", None)
    if code is None:
        return fn
    with _rewritten_lock:
        known = code in _rewritten_code
        inner = _rewritten_code.get(code)
    if not known:
        inner = _rewrite_code(fn, code)
        with _rewritten_lock:
            _rewritten_code[code] = inner
    if inner is None:
        return fn
    cells = dict(zip(code.co_freevars, fn.__closure__ or ()))
    cells[_HELPERS] = types.CellType(sys.modules[__name__])
    if any(n not in cells for n in inner.co_freevars):
        return fn
    new = types.FunctionType(inner, fn.__globals__, fn.__name__, fn.__defaults__,
                             tuple(cells[n] for n in inner.co_freevars))
    new.__kwdefaults__ = fn.__kwdefaults__
    new.__annotations__ = dict(fn.__annotations__)
    new.__qualname__ = fn.__qualname__
    new.__module__ = fn.__module__
    new.__doc__ = fn.__doc__
    new.__dict__.update(fn.__dict__)
    new.__tile_mlir_rewritten__ = True
    return new


def _rewrite_code(fn, code):
    """The code object of `fn` compiled again from its source with the
    rewrite, or None when there is nothing to change or no source."""
    try:
        lines, first = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        return None
    source = "".join(lines)
    # An indented function (a method, a kernel built inside a factory) is
    # parsed inside an `if` so that its columns stay the file's.
    prefix = 1 if source[:1] in " \t" else 0
    try:
        tree = ast.parse(("if 1:\n" if prefix else "") + source)
    except SyntaxError:
        return None
    holder = tree.body[0].body if prefix else tree.body
    if not holder or not isinstance(holder[0], ast.FunctionDef):
        return None  # a lambda, or the source is not the def it was taken from
    node = holder[0]
    if node.name != code.co_name or [a.arg for a in node.args.args] != list(
            code.co_varnames[:code.co_argcount]):
        return None
    rewriter = _Rewriter()
    node.body = [rewriter.visit(s) for s in node.body]
    if not rewriter.changed:
        return None
    node.decorator_list = []
    # def __tile_mlir_make__(<the helpers>, <fn's free names>):
    #     def fn(...): ...
    #     return fn
    free = list(code.co_freevars)
    maker = ast.FunctionDef(
        name="__tile_mlir_make__",
        args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=n) for n in [_HELPERS] + free],
                           vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]),
        body=[node, ast.Return(value=ast.Name(id=node.name, ctx=ast.Load()))],
        decorator_list=[], returns=None)
    if sys.version_info >= (3, 12):
        maker.type_params = []
    module = ast.Module(body=[maker], type_ignores=[])
    ast.fix_missing_locations(module)
    ast.increment_lineno(module, first - 1 - prefix)
    try:
        compiled = compile(module, code.co_filename, "exec", dont_inherit=True)
    except SyntaxError:
        return None
    return _find_code(compiled, node.name)


def _find_code(code, name):
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            if const.co_name == name:
                return const
            found = _find_code(const, name)
            if found is not None:
                return found
    return None

