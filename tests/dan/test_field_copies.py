"""The field-by-field copies (``Unit.copy``, the RTF reader's ``_State.clone``) copy every
field: they list fields by hand (faster than a loop, and what a mypyc build compiles), so a
field added later and left out of the copy would silently keep its default in the copy."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import dan
from dan.readers.rtf import reader as rtf_reader
from dan.pipeline.units import Unit

DAN = Path(dan.__file__).resolve().parent


def _class(path: Path, name: str) -> ast.ClassDef:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)


def _method(cls: ast.ClassDef, name: str) -> ast.FunctionDef:
    return next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == name)


def _copied(method: ast.FunctionDef) -> set[str]:
    """The names of ``new.X = self.X`` assignments."""
    names: set[str] = set()
    for node in ast.walk(method):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
            if (
                isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id == "new"
                and isinstance(value, ast.Attribute)
                and isinstance(value.value, ast.Name)
                and value.value.id == "self"
                and value.attr == target.attr
            ):
                names.add(target.attr)
    return names


def _assigned_on_self(cls: ast.ClassDef) -> set[str]:
    """Every ``self.X`` assigned anywhere in the class (chained assignments included)."""
    names: set[str] = set()
    for node in ast.walk(cls):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        for t in targets:
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                names.add(t.attr)
    return names


def _slots(cls: ast.ClassDef) -> set[str]:
    for node in cls.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
            return set(ast.literal_eval(node.value))
    raise AssertionError(f"{cls.name} has no __slots__")


def test_unit_copy_copies_every_slot() -> None:
    cls = _class(DAN / "pipeline" / "units.py", "Unit")
    fields = _slots(cls)
    assert fields == _assigned_on_self(cls) and len(fields) > 30
    # kind and story go to the constructor, every other field is assigned
    assert _copied(_method(cls, "copy")) == fields - {"kind", "story"}


def test_unit_copy_keeps_every_value() -> None:
    if not inspect.isfunction(Unit.copy):
        pytest.skip("a compiled Unit types its fields (the source check above still runs)")
    unit = Unit("para", "body")
    values = {name: object() for name in Unit.__slots__}
    for name, value in values.items():
        setattr(unit, name, value)
    copy = unit.copy()
    assert copy is not unit
    assert {name: getattr(copy, name) for name in Unit.__slots__} == values


def test_rtf_state_clone_copies_every_field() -> None:
    cls = _class(DAN / "readers" / "rtf" / "reader.py", "_State")
    fields = _assigned_on_self(cls)
    assert len(fields) > 20
    assert _copied(_method(cls, "clone")) == fields


def test_rtf_state_clone_is_independent() -> None:
    state = rtf_reader._State()
    state.bold = True
    state.revauth = 3
    state.capture = "x"
    copy = state.clone()
    assert (copy.bold, copy.revauth, copy.capture, copy.dest) == (True, 3, "x", state.dest)
    copy.bold = False
    assert state.bold is True
