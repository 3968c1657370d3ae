"""Reading files from a host-approved directory: exact match, not recursive, no symlinks followed.

The directory must equal one of ``StoreOptions.approved_import_dirs`` (after normalising)
and be its own real path: an approved path with a symbolic link anywhere in it is refused.
The directory is then opened without following a symlink, and every file is opened
relative to it with ``O_NOFOLLOW``, so a link swapped in between listing and reading is
refused too. Subdirectories, symlinks, hidden files and unsupported extensions are left
out; each file left out is reported with the reason.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator

from dan.detect import SUFFIXES

from demo.store.errors import AccessDeniedError, InvalidRequestError
from demo.store.options import StoreOptions

__all__ = ["SUPPORTED_SUFFIXES", "approved_directory", "read_directory"]

#: The extensions of the formats dan reads (dan's one list, :data:`dan.detect.SUFFIXES`).
SUPPORTED_SUFFIXES = SUFFIXES


def approved_directory(options: StoreOptions, directory: object) -> str:
    """The normalised directory when it is exactly one of the approved ones."""
    if not isinstance(directory, (str, os.PathLike)):
        raise InvalidRequestError(f"the directory must be a path, got {type(directory).__name__}")
    path = os.fspath(directory)
    if not isinstance(path, str) or not os.path.isabs(path):
        raise InvalidRequestError(f"the directory {path!r} must be an absolute path")
    norm = os.path.normpath(path)
    if norm not in options.approved_import_dirs:
        raise AccessDeniedError(
            f"{norm!r} is not an approved import directory: the host must list it in StoreOptions.approved_import_dirs"
        )
    if os.path.realpath(norm) != norm:
        raise InvalidRequestError(
            f"{norm!r} is reached through a symbolic link: approve the real directory ({os.path.realpath(norm)!r})"
        )
    return norm


def read_directory(directory: str, max_bytes: int) -> Iterator[tuple[str, bytes | None, str]]:
    """``(file name, bytes, "")`` for each importable file, ``(name, None, reason)`` for each one left out."""
    try:
        dir_fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError as exc:
        raise InvalidRequestError(f"cannot open the approved directory {directory!r}: {exc.strerror} (a symlink is refused)") from exc
    try:
        with os.scandir(dir_fd) as entries:
            names = sorted((e.name, e.is_symlink(), e.is_dir(follow_symlinks=False)) for e in entries)
        for name, is_link, is_dir in names:
            if is_link:
                yield name, None, "a symbolic link (not followed)"
                continue
            if is_dir:
                yield name, None, "a directory (imports are not recursive)"
                continue
            if name.startswith("."):
                yield name, None, "a hidden file"
                continue
            if not name.lower().endswith(SUPPORTED_SUFFIXES):
                yield name, None, "not a format dan reads (" + ", ".join(SUPPORTED_SUFFIXES) + ")"
                continue
            yield _read_one(dir_fd, name, max_bytes)
    finally:
        os.close(dir_fd)


def _read_one(dir_fd: int, name: str, max_bytes: int) -> tuple[str, bytes | None, str]:
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=dir_fd)
    except OSError as exc:
        return name, None, f"cannot be opened ({exc.strerror})"
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return name, None, "not a regular file"
        if info.st_size > max_bytes:
            return name, None, f"{info.st_size:,} bytes, over the limit of {max_bytes:,} (serve's --max-file-bytes; StoreOptions.max_file_bytes in code)"
        chunks = []
        remaining = max_bytes + 1
        while remaining > 0:
            block = os.read(fd, min(1 << 20, remaining))
            if not block:
                break
            chunks.append(block)
            remaining -= len(block)
        data = b"".join(chunks)
        if len(data) > max_bytes:
            return name, None, f"grew over the limit of {max_bytes:,} bytes while it was read"
        return name, data, ""
    finally:
        os.close(fd)
