"""Importing a host-approved directory: exact match, not recursive, no symlinks followed."""

from __future__ import annotations

import os

import pytest
from store_helpers import ALICE, drain, page_html, terms_md

from demo.store import AccessDeniedError, InvalidRequestError, JobState, StoreOptions


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / "approved"
    root.mkdir()
    (root / "terms.md").write_bytes(terms_md())
    (root / "page.html").write_bytes(page_html())
    (root / "notes.txt").write_text("Meeting moved to Friday.", encoding="utf-8")
    (root / "image.gif").write_bytes(b"GIF89a")
    (root / ".hidden.md").write_text("# Secret", encoding="utf-8")
    (root / "big.md").write_bytes(b"# Big\n\n" + b"word " * 3000)
    (root / "sub").mkdir()
    (root / "sub" / "deep.md").write_text("# Deep\n\nnot imported", encoding="utf-8")
    outside = tmp_path / "outside.md"
    outside.write_text("# Outside\n\nnever read", encoding="utf-8")
    (root / "link.md").symlink_to(outside)
    (root / "linkdir").symlink_to(root / "sub", target_is_directory=True)
    return tmp_path, root


def test_import_reads_the_approved_directory_only(db_url, make_store, tree):
    _tmp, root = tree
    s = make_store(options=StoreOptions(max_tokens=96, approved_import_dirs=[str(root)], max_file_bytes=10_000))
    cid = s.create_collection("Imports", ALICE).id
    result = s.import_directory(cid, str(root), ALICE)
    skipped = dict(result.skipped)
    assert len(result.job_ids) == 3
    assert skipped["link.md"].startswith("a symbolic link") and skipped["linkdir"].startswith("a symbolic link")
    assert skipped["sub"].startswith("a directory") and skipped[".hidden.md"] == "a hidden file"
    assert skipped["image.gif"].startswith("not a format dan reads")
    assert "over the limit" in skipped["big.md"]
    drain(s)
    assert {j.state for j in s.list_jobs(cid, ALICE)} == {JobState.READY}
    assert sorted(x.file_name for x in s.list_sources(cid, ALICE)) == ["notes.txt", "page.html", "terms.md"]
    assert not s.search(cid, "never read outside", ALICE, mode="keyword").passages
    # again: nothing changed, so every job is ready at once
    again = s.import_directory(cid, root, ALICE)
    assert all(s.get_job(cid, j, ALICE).state == JobState.READY for j in again.job_ids)


def test_only_exact_approved_directories(db_url, make_store, tree):
    tmp, root = tree
    s = make_store(options=StoreOptions(approved_import_dirs=[str(root)]))
    cid = s.create_collection("Imports", ALICE).id
    for bad in (root / "sub", tmp, str(root) + "/../approved/sub", "/etc"):
        with pytest.raises(AccessDeniedError, match="not an approved import directory"):
            s.import_directory(cid, bad, ALICE)
    with pytest.raises(InvalidRequestError, match="absolute"):
        s.import_directory(cid, "approved", ALICE)
    assert s.import_directory(cid, str(root) + "/", ALICE).job_ids  # the same directory, normalised
    link = tmp / "via-link"
    os.symlink(root, link)
    s2 = make_store(options=StoreOptions(approved_import_dirs=[str(link)]))
    with pytest.raises(InvalidRequestError, match="symbolic link"):
        s2.import_directory(cid, link, ALICE)
    with pytest.raises(InvalidRequestError, match="absolute"):
        StoreOptions(approved_import_dirs=["relative/dir"])
    nothing = make_store()
    with pytest.raises(AccessDeniedError):
        nothing.import_directory(cid, root, ALICE)


def test_an_approved_path_through_a_symlinked_parent_is_refused(db_url, make_store, tree):
    tmp, root = tree
    (tmp / "real").mkdir()
    (tmp / "real" / "team").mkdir()
    (tmp / "real" / "team" / "a.md").write_text("# A\n\ntext", encoding="utf-8")
    (tmp / "via").symlink_to(tmp / "real", target_is_directory=True)
    approved = str(tmp / "via" / "team")
    s = make_store(options=StoreOptions(approved_import_dirs=[approved]))
    cid = s.create_collection("Imports", ALICE).id
    with pytest.raises(InvalidRequestError, match="symbolic link"):
        s.import_directory(cid, approved, ALICE)
