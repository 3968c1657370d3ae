"""Document queries, immutability and the package surface."""

from __future__ import annotations

import ast
import copy
import inspect
import logging
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from ven_testkit import C, doc

import ven
from ven import Expansion, Ven, VenError, join_list

VEN_DIR = Path(ven.__file__).parent


def sections_doc() -> Ven:
    return Ven(
        doc(
            C(p=1, s=1, t=10),  # 0
            C(p=1, pl=2, s=1, t=20),  # 1
            C(p=3, s=2, t=30),  # 2
            C(p=3, s=2, t=40),  # 3
            C(p=5, s=3, t=50),  # 4  (page 4 is blank)
            C(type="header", p=1, pl=5, s=1, t=3),  # 5
            C(type="footnote", p=3, s=2, t=4),  # 6
            C(type="header", p=5, s=5, t=2),  # 7  a section without body chunks
        )
    )


def test_basic_properties() -> None:
    v = sections_doc()
    assert v.doc_id == "D1"
    assert v.title == "Doc"
    assert v.chunk_count == 8
    assert v.token_count() == 159
    assert v.page_count == 4  # body pages 1, 2, 3, 5
    assert (v.has_tables, v.has_revisions, v.has_comments) == (False, False, False)


def test_section_queries_count_body_chunks_only() -> None:
    v = sections_doc()
    assert v.section_chunks() == (2, 2, 1, 0, 0)
    assert v.section_pages() == (2, 1, 1, 0, 0)
    assert isinstance(v.section_chunks(), tuple)


def test_page_count_counts_distinct_pages_of_body_chunks() -> None:
    assert Ven(doc(C(p=3, pl=6), C(p=4, pl=5), C(p=9))).page_count == 5
    assert Ven(doc(C(type="header", p=1, pl=9))).page_count == 0
    # a page-range document keeps whole-document numbers
    assert Ven(doc(C(p=200, s=57), C(p=201, s=58))).section_pages()[-2:] == (1, 1)


def test_chunk_tokens() -> None:
    v = sections_doc()
    assert [v.chunk_tokens(s) for s in range(8)] == [10, 20, 30, 40, 50, 3, 4, 2]
    assert v.chunk_tokens(-1) == 0
    assert v.chunk_tokens(8) == 0
    assert v.chunk_tokens(10**12) == 0
    assert v.chunk_tokens(2.0) == 30
    for bad in (True, "1", None, 1.5):
        with pytest.raises(VenError):
            v.chunk_tokens(bad)  # type: ignore[arg-type]


def test_flags() -> None:
    v = Ven(doc(C(), C(tab=[3]), C(rev=2, ra=["A"]), C(com=1, ca=["B"])))
    assert (v.has_tables, v.has_revisions, v.has_comments) == (True, True, True)
    # ssRevs decides; an author list without a count is not a revision
    w = Ven(doc(C(rev=0, ra=["Ghost"]), C(com=0, ca=["Ghost"])))
    assert (w.has_revisions, w.has_comments) == (False, False)
    assert w.revision_authors() == () and w.comment_authors() == ()


def test_authors_once_first_appearance_case_insensitive() -> None:
    recs = doc(
        C(rev=1, ra=["Bob", "ann"]),
        C(rev=1, ra="ANN; Cy  Young"),
        C(rev=0, ra=["Zed"]),  # no revisions: not read
        C(rev=1, ra=join_list(["R&D; Sales"])),  # escaped ";" inside a name
        C(com=1, ca=["Dee"]),
        C(com=2, ca=["dee", "Eve"]),
        C(type="footnote", rev=1, ra=["Bob", "Fay"]),
    )
    v = Ven(reversed(recs))  # input order must not matter
    assert v.revision_authors() == ("Bob", "ann", "Cy Young", "R&D; Sales", "Fay")
    assert v.comment_authors() == ("Dee", "Eve")


def test_ven_is_immutable() -> None:
    v = sections_doc()
    with pytest.raises(AttributeError):
        v.doc_id = "x"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        v._lay = None  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del v._lay
    with pytest.raises(AttributeError):
        v.new_attribute = 1  # type: ignore[attr-defined]
    assert not hasattr(v, "__dict__")
    lay = v._lay
    with pytest.raises(AttributeError):
        lay.tokens = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        lay.page_sparse[1] = ()  # type: ignore[index]


def test_no_mutable_state_is_reachable() -> None:
    v = Ven(
        doc(
            C(tab=[1], rev=1, ra=["A"], com=1, ca=["B"]),
            C(tab=[1], p=2),
            C(type="header", p=1, pl=9000),
        )
    )
    for name in v._lay.__slots__:
        value = getattr(v._lay, name)
        assert not isinstance(value, (list, dict, set, bytearray)), name
        if isinstance(value, tuple):
            for item in value:
                assert not isinstance(item, (list, dict, set)), name
    for result in (
        v.revision_authors(),
        v.comment_authors(),
        v.section_pages(),
        v.section_chunks(),
    ):
        assert isinstance(result, tuple)


def test_copy_and_pickle() -> None:
    v = sections_doc()
    assert copy.copy(v) is v
    assert copy.deepcopy(v) is v
    w = pickle.loads(pickle.dumps(v))
    assert w is not v
    assert (w.doc_id, w.chunk_count, w.section_pages(), w.page_count) == (
        v.doc_id,
        v.chunk_count,
        v.section_pages(),
        v.page_count,
    )
    a, b = v.begin_expansion([2]), w.begin_expansion([2])
    assert a.add_page_chunks(num_pages=1) == b.add_page_chunks(num_pages=1)
    assert a.seqs == b.seqs
    with pytest.raises(AttributeError):
        w.x = 1  # type: ignore[attr-defined]


def test_repr_names_the_document() -> None:
    assert "D1" in repr(sections_doc())
    exp = sections_doc().begin_expansion([0])
    assert "D1" in repr(exp)
    exp.end()
    assert "ended" in repr(exp)


def test_construction_logs_to_the_ven_logger(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG, logger="ven"):
        Ven(doc(C(), C()))
    assert any(r.name == "ven" and "2 chunks" in r.getMessage() for r in caplog.records)


def test_public_api() -> None:
    assert set(ven.__all__) == {
        "Ven", "Expansion", "VenError", "join_list", "split_list",
        "IndexEntry", "Route", "RouteKind", "parse_route", "lexical_route", "Skipped",
        "filter_system_prompt", "index_system_prompt",
    }
    for name in ven.__all__:
        obj = getattr(ven, name)
        assert inspect.getdoc(obj), name
    for cls in (Ven, Expansion):
        for name, member in vars(cls).items():
            if name.startswith("_"):
                continue
            assert inspect.getdoc(member), f"{cls.__name__}.{name} has no docstring"
    assert issubclass(VenError, ValueError)


def test_docstring_examples_run() -> None:
    import doctest

    import ven.document
    import ven.schema

    for module in (ven.document, ven.schema):
        failed, tried = doctest.testmod(module, raise_on_error=False, verbose=False)
        assert tried > 0 and failed == 0, module.__name__


def test_ven_imports_only_the_standard_library() -> None:
    code = (
        "import sys; before = set(sys.modules); import ven; "
        "new = {m.split('.')[0] for m in set(sys.modules) - before}; "
        "ok = set(sys.stdlib_module_names) | {'ven', 'attrs', 'attr'}; "
        "bad = sorted(m for m in new if m not in ok); "
        "print(','.join(bad))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=VEN_DIR.parent
    )
    assert out.stdout.strip() == ""


def test_ven_source_never_prints_and_never_imports_dan() -> None:
    for path in VEN_DIR.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "print", f"print() in {path.name}"
            if isinstance(node, ast.Import):
                assert all(a.name.split(".")[0] != "dan" for a in node.names), path.name
            if isinstance(node, ast.ImportFrom):
                assert (node.module or "").split(".")[0] != "dan", path.name


def test_table_components_join_chunks_that_share_a_table_transitively() -> None:
    from ven.layout import _components

    # chunks 0-1 share table 0, 1-2 share table 1, 4 alone holds table 2, 3 and 5 hold none
    tables_of = [(0,), (0, 1), (1,), (), (2,), ()]
    table_seqs = [(0, 1), (1, 2), (4,)]
    comp_of, comps = _components(tables_of, table_seqs, 6)
    assert comps == ((0, 1, 2), (4,))
    assert comp_of == (0, 0, 0, -1, 1, -1)


def test_each_chunk_knows_the_chunks_on_its_pages() -> None:
    from ven_testkit import C, doc

    # 0 on page 1, 1 on pages 1-2, 2 on page 2, 3 on page 3
    v = Ven(doc(C(p=1), C(p=1, pl=2), C(p=2), C(p=3)))
    own = [set(t) for t in v._lay.own_pages]
    assert own == [{0, 1}, {0, 1, 2}, {1, 2}, {3}]
    assert v.begin_expansion([1]).add_page_chunks() == 20


def test_page_neighbours_are_not_precomputed_when_they_would_grow_quadratically() -> None:
    from ven_testkit import C, doc

    # 2,000 chunks crowd page 1, and 140 more each span a different range starting there:
    # every range's tuple would repeat the crowd, over the 8 n + 4096 seq bound, while the
    # spans stay under the wide-chunk limit (so the dense page index is used)
    crowd = [C(p=1) for _ in range(2000)]
    spans = [C(p=1, pl=1 + k) for k in range(1, 141)]
    v = Ven(doc(*crowd, *spans))
    lay = v._lay
    assert lay.own_pages == ()
    assert lay.wide == () and lay.page_dense
    for call in ({}, {"num_pages": 1}):
        fast = v.begin_expansion([0, 2050])
        slow = v.begin_expansion([0, 2050], max_tokens=10**9)
        assert fast.add_page_chunks(**call) == slow.add_page_chunks(**call) > 0
        assert fast.seqs == slow.seqs


def test_page_neighbours_of_wide_chunks_are_walked_not_precomputed() -> None:
    from ven_testkit import C, doc

    # 300 chunks crowd page 1 and 300 more span far: the wide-chunk index takes them
    crowd = [C(p=1) for _ in range(300)]
    spans = [C(p=1, pl=2 + k) for k in range(300)]
    v = Ven(doc(*crowd, *spans))
    assert v._lay.own_pages == ()
    assert v._lay.wide
    fast = v.begin_expansion([0, 450])
    slow = v.begin_expansion([0, 450], max_tokens=10**9)
    assert fast.add_page_chunks() == slow.add_page_chunks() > 0
    assert fast.seqs == slow.seqs


def test_table_columns_are_the_chunks_table_headings_each_once():
    recs = doc(C(tab=[1]), C(tab=[1, 2]), C())
    recs[0]["ssTableHeads"] = "Item; Lead time"
    recs[1]["ssTableHeads"] = "Item; Lead time; Discount"
    v = Ven(recs)
    assert v.table_columns(0) == ("Item", "Lead time")
    assert v.table_columns(1) == ("Item", "Lead time", "Discount")
    assert v.table_columns(2) == ()
    with pytest.raises(VenError, match="chunk number"):
        v.table_columns(3)
