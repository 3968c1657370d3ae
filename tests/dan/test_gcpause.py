from __future__ import annotations

import gc
import threading

import dan
from dan.gcpause import gc_paused


def test_pause_restores_the_callers_setting_and_nests():
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()  # a caller that had it off keeps it off
    finally:
        gc.enable()


def test_overlapping_threads_reenable_only_at_the_end():
    inside = threading.Barrier(2)
    release = threading.Event()
    states = []

    def worker():
        with gc_paused():
            inside.wait()
            release.wait(5)
        states.append(gc.isenabled())

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    release.set()
    for t in threads:
        t.join()
    assert gc.isenabled()


def test_conversion_leaves_the_collector_enabled_even_on_error():
    dan.convert_string("# x\n\ny", doc_type="md")
    assert gc.isenabled()
    try:
        dan.convert(b"PK\x03\x04broken")
    except dan.DanError:
        pass
    assert gc.isenabled()


def test_one_pause_covers_a_whole_conversion(monkeypatch):
    # convert and convert_string keep the collector paused from the import to the records
    # (its first pass afterwards walks the result only, not the imported document as well)
    from dan.converter import Dan

    seen = []
    real = Dan.get_markdown

    def get_markdown(self, *args, **kwargs):
        seen.append(gc.isenabled())
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Dan, "get_markdown", get_markdown)
    dan.convert_string("# x\n\ny", doc_type="md")
    dan.convert(b"{\\rtf1 hello\\par}")
    assert seen == [False, False]
    assert gc.isenabled()
