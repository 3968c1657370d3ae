"""comments.xml (+ commentsExtended.xml): each comment's author, date, text and replies.

Replies are comments whose ``w15:paraIdParent`` points at a paragraph of another comment
(its last one, as Word writes it, or any other; the hex ids in any case); they are attached
to that comment's :class:`~dan.model.CommentInfo` and never wrap text of their own (Word
repeats the parent's range for them).
"""

from __future__ import annotations

from lxml import etree

from dan import model as m
from dan.readers.docx.ooxml import W, W14, W15
from dan.textclean import clean_text

__all__ = ["Comments"]


def _text(comment: etree._Element) -> str:
    paras = []
    for p in comment.iter(W.p):
        parts = []
        for el in p.iter(W.t, W.tab, W.br):
            parts.append(el.text or "" if el.tag == W.t else " ")
        text = "".join(parts).strip()
        if text:
            paras.append(text)
    return clean_text(" ".join(paras))


class Comments:
    """Comment lookup by id."""

    def __init__(self, root: etree._Element | None, extended: etree._Element | None) -> None:
        self._info: dict[str, m.CommentInfo] = {}
        self.replies: set[str] = set()
        if root is None:
            return
        raw: dict[str, tuple[str, str, str]] = {}
        para_of: dict[str, str] = {}
        order: list[str] = []
        for c in root.iter(W.comment):
            cid = c.get(W.id, "")
            if not cid:
                continue
            raw[cid] = (
                clean_text(c.get(W.author, "")).strip() or "Unknown",
                c.get(W.date, ""),
                _text(c),
            )
            order.append(cid)
            # A reply names its parent by a paragraph's w14:paraId: the last paragraph, as
            # Word writes it, but other producers name the first, or one inside a table.
            for para in c.iter(W.p):
                pid = para.get(W14.paraId)
                if pid:
                    para_of[pid.upper()] = cid  # (hex: some producers write lower case)
        parent: dict[str, str] = {}
        if extended is not None:
            for ex in extended.iter(W15.commentEx):
                pid = (ex.get(W15.paraId) or "").upper()
                ppid = (ex.get(W15.paraIdParent) or "").upper()
                if pid and ppid and pid in para_of and ppid in para_of:
                    parent[para_of[pid]] = para_of[ppid]
        replies: dict[str, list[str]] = {}
        for cid in order:
            root_id = cid
            hops = 0
            while root_id in parent and hops < 100:
                root_id = parent[root_id]
                hops += 1
            if root_id != cid:
                self.replies.add(cid)
                replies.setdefault(root_id, []).append(cid)
        for cid in order:
            if cid in self.replies:
                continue
            author, date, text = raw[cid]
            reps = tuple(
                m.CommentInfo(rid, raw[rid][0], raw[rid][1], raw[rid][2])
                for rid in replies.get(cid, ())
            )
            self._info[cid] = m.CommentInfo(cid, author, date, text, reps)

    def get(self, comment_id: str) -> m.CommentInfo | None:
        """The comment (with replies) for ``comment_id``; None for replies and unknown ids."""
        return self._info.get(comment_id)
