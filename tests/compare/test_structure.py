"""The compare stage's code keeps the shape its issue set: functions a reader takes in at once,
attributes declared by the types that carry them, no parameter typed as anything at all."""

from __future__ import annotations

import ast
from pathlib import Path

COMPARE = Path(__file__).resolve().parents[2] / "translator" / "compare"
LONGEST_FUNCTION = 60


def _trees() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8")))
            for path in sorted(COMPARE.rglob("*.py"))]


def _where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(COMPARE.parents[1])}:{getattr(node, 'lineno', 0)}"


def long_functions(tree: ast.Module) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [node for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and (node.end_lineno or node.lineno) - node.lineno + 1 > LONGEST_FUNCTION]


def attributes_by_name(tree: ast.Module) -> list[ast.Call]:
    """`getattr(x, "name", ...)` calls: an attribute the type of `x` should declare."""
    return [node for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)]


def object_parameters(tree: ast.Module) -> list[ast.arg]:
    return [arg for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            for arg in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)
            if isinstance(arg.annotation, ast.Name) and arg.annotation.id == "object"]


def test_no_function_in_compare_is_longer_than_a_screen() -> None:
    found = [f"{_where(path, node)} {node.name}" for path, tree in _trees()
             for node in long_functions(tree)]
    assert not found, f"functions over {LONGEST_FUNCTION} lines:\n" + "\n".join(found)


def test_no_attribute_is_fetched_by_name_and_no_parameter_is_an_object() -> None:
    by_name = [_where(path, node) for path, tree in _trees() for node in attributes_by_name(tree)]
    untyped = [f"{_where(path, node)} {node.arg}" for path, tree in _trees()
               for node in object_parameters(tree)]
    assert not by_name, "attributes fetched by name:\n" + "\n".join(by_name)
    assert not untyped, "parameters typed `object`:\n" + "\n".join(untyped)


def test_the_checks_see_what_they_look_for() -> None:
    body = "\n".join(f"    x{k} = {k}" for k in range(LONGEST_FUNCTION))
    tree = ast.parse(f"def f(a: object) -> None:\n{body}\n    getattr(a, 'left_out', ())\n")
    assert [f.name for f in long_functions(tree)] == ["f"]
    assert len(attributes_by_name(tree)) == 1
    assert [a.arg for a in object_parameters(tree)] == ["a"]


LONGEST_MODULE = 300
"""Lines a module of the product may have (the team's standard): one job each."""
PRODUCT = [Path(__file__).resolve().parents[2] / name for name in ("strips_model", "translator",
                                                                    "pddl")]


def test_no_module_of_the_product_is_longer_than_the_standard() -> None:
    modules = [path for root in PRODUCT for path in sorted(root.rglob("*.py"))]
    assert len(modules) > 100  # the walk sees the packages
    long = {str(path): lines for path in modules
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST_MODULE}
    assert not long, long
