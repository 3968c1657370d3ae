"""DOCX reader: tracked revisions, comments and fields — never silently accepted or dropped."""

from __future__ import annotations

from docx_builder import dele, ins, make_docx, p, r
from helpers import body_of, check_invariants

import dan

COMMENTS = """
<w:comment w:id="0" w:author="Carol Reviewer" w:date="2024-04-05T09:00:00Z" w:initials="CR">
  <w:p w14:paraId="0000A001"><w:r><w:annotationRef/></w:r><w:r><w:t>Is 30 days right?</w:t></w:r></w:p>
</w:comment>
<w:comment w:id="1" w:author="Dave Counsel" w:date="2024-04-06T09:00:00Z">
  <w:p w14:paraId="0000A002"><w:r><w:t>Yes, per the policy.</w:t></w:r></w:p>
</w:comment>
<w:comment w:id="2" w:author="Dave Counsel" w:date="2024-04-07T09:00:00Z">
  <w:p w14:paraId="0000A003"><w:r><w:t>Spans two paragraphs.</w:t></w:r></w:p>
</w:comment>
<w:comment w:id="3" w:author="" w:date="">
  <w:p w14:paraId="0000A004"><w:r><w:t>Point remark.</w:t></w:r></w:p>
</w:comment>
"""
COMMENTS_EX = """
<w15:commentEx w15:paraId="0000A001" w15:done="0"/>
<w15:commentEx w15:paraId="0000A002" w15:paraIdParent="0000A001" w15:done="0"/>
<w15:commentEx w15:paraId="0000A003" w15:done="0"/>
"""


def convert(data: bytes, **kw) -> dan.DanResult:
    res = dan.convert(data, **kw)
    check_invariants(res, kw.get("max_tokens", 1024))
    return res


def test_insertions_and_deletions_kept_with_author_and_date():
    body = p(
        r("Payment is due within "),
        dele("60", rid="11"),
        ins(r("30"), rid="12"),
        r(" days."),
    )
    res = convert(make_docx(body))
    text = body_of(res.chunks[0])
    assert "{--60--}{>>rev: Bob, 2024-03-02<<}" in text
    assert "{++30++}{>>rev: Ann, 2024-03-01<<}" in text
    rec = res.records[0]
    assert rec["ssRevs"] == 2
    assert rec["ssRevAuthors"] == "Bob; Ann"
    assert rec["has_revisions"] == "yes"


def test_moves_are_a_deletion_and_an_insertion_marked_moved():
    body = p(ins(r("moved text", deleted=True), author="Eve", rid="21", tag="moveFrom")) + p(
        ins(r("moved text"), author="Eve", rid="22", tag="moveTo")
    )
    text = body_of(convert(make_docx(body)).chunks[0])
    assert "{--moved text--}{>>rev: Eve, 2024-03-01, moved<<}" in text
    assert "{++moved text++}{>>rev: Eve, 2024-03-01, moved<<}" in text


def test_deleted_insertion_nests_and_counts_both_revisions():
    nested = ins(ins(r("typo", deleted=True), author="Bob", rid="32", tag="del"), author="Ann", rid="31")
    res = convert(make_docx(p(r("Fix "), nested)))
    text = body_of(res.chunks[0])
    assert "{++{--typo--}{>>rev: Bob, 2024-03-01<<}++}{>>rev: Ann, 2024-03-01<<}" in text
    assert res.records[0]["ssRevs"] == 2


def test_revision_split_over_chunks_is_closed_and_reopened_with_author():
    long = " ".join(f"Sentence number {i} of the inserted clause." for i in range(80))
    res = convert(make_docx(p(ins(r(long), author="Ann Reviewer", rid="41"))), max_tokens=96)
    assert len(res) > 2
    for c, rec in zip(res.chunks, res.records):
        body = body_of(c)
        assert body.startswith("{++") and body.endswith("++}{>>rev: Ann Reviewer, 2024-03-01<<}")
        assert rec["ssRevs"] == 1 and rec["ssRevAuthors"] == "Ann Reviewer"


def test_comments_with_range_reply_multi_paragraph_and_point():
    body = (
        p(
            r("The term is "),
            '<w:commentRangeStart w:id="0"/><w:commentRangeStart w:id="1"/>',
            r("30 days"),
            '<w:commentRangeEnd w:id="0"/><w:commentRangeEnd w:id="1"/>',
            r("", extra='<w:commentReference w:id="0"/>'),
            r(" from invoice."),
        )
        + p('<w:commentRangeStart w:id="2"/>', r("First para of range."))
        + p(r("Second para of range."), '<w:commentRangeEnd w:id="2"/>')
        + p(r("A point comment here"), r("", extra='<w:commentReference w:id="3"/>'), r("."))
    )
    res = convert(make_docx(body, comments=COMMENTS, comments_extended=COMMENTS_EX))
    text = body_of(res.chunks[0])
    assert (
        "{==30 days==}{>>Carol Reviewer, 2024-04-05: Is 30 days right?<<}{>>↳ Dave Counsel: Yes, per the policy.<<}" in text
    )
    assert "{==First para of range.==}{>>Dave Counsel, 2024-04-07: Spans two paragraphs.<<}" in text
    assert "{==Second para of range.==}{>>Dave Counsel, 2024-04-07: Spans two paragraphs.<<}" in text
    assert "A point comment here{>>Unknown: Point remark.<<}." in text
    rec = res.records[0]
    assert rec["ssComs"] == 3  # the reply belongs to its parent, it is not a comment of its own
    assert rec["ssComAuthors"] == "Carol Reviewer; Dave Counsel; Unknown"
    assert rec["has_comments"] == "yes"


def test_reply_authors_are_comment_authors_everywhere():
    """A reply's author is in ssComAuthors, ven's comment_authors(), the index entry and
    add_comment_chunks(author=...), even when they wrote no comment of their own."""
    import ven

    comments = (
        '<w:comment w:id="0" w:author="Carol Reviewer" w:date="2024-04-05T09:00:00Z">'
        '<w:p w14:paraId="0000B001"><w:r><w:t>Is 30 days right?</w:t></w:r></w:p></w:comment>'
        '<w:comment w:id="1" w:author="Ken Anderson" w:date="2024-04-06T09:00:00Z">'
        '<w:p w14:paraId="0000B002"><w:r><w:t>Agreed with legal.</w:t></w:r></w:p></w:comment>'
        '<w:comment w:id="2" w:author="Lena Ortiz" w:date="2024-04-07T09:00:00Z">'
        '<w:p w14:paraId="0000B003"><w:r><w:t>Confirmed.</w:t></w:r></w:p></w:comment>'
    )
    extended = (
        '<w15:commentEx w15:paraId="0000B001" w15:done="0"/>'
        '<w15:commentEx w15:paraId="0000B002" w15:paraIdParent="0000B001" w15:done="0"/>'
        '<w15:commentEx w15:paraId="0000B003" w15:paraIdParent="0000B002" w15:done="0"/>'
    )
    body = p(r("Intro without comments.")) + p(
        r("The term is "),
        '<w:commentRangeStart w:id="0"/>',
        r("30 days"),
        '<w:commentRangeEnd w:id="0"/>',
        r("", extra='<w:commentReference w:id="0"/>'),
        r("."),
    )
    res = convert(make_docx(body, comments=comments, comments_extended=extended), max_tokens=1024)
    assert "{>>↳ Ken Anderson: Agreed with legal.<<}" in body_of(res.chunks[0])
    rec = res.records[0]
    assert rec["ssComs"] == 1  # one thread
    assert rec["ssComAuthors"] == "Carol Reviewer; Ken Anderson; Lena Ortiz"
    doc = ven.Ven([dict(x) for x in res.records])
    assert {"Ken Anderson", "Lena Ortiz"} <= set(doc.comment_authors())
    assert "Comment authors: Carol Reviewer; Ken Anderson; Lena Ortiz" in doc.create_document_index(pct=100).text
    with doc.begin_expansion([]) as exp:
        assert exp.add_comment_chunks(author="Nobody Else") == 0
        assert exp.add_comment_chunks(author="Ken Anderson") > 0 and 0 in exp.seqs


def test_comment_overlapping_a_revision():
    body = p(
        ins(r("new ") + '<w:commentRangeStart w:id="0"/>' + r("wording"), rid="51"),
        r(" continues"),
        '<w:commentRangeEnd w:id="0"/>',
    )
    res = convert(make_docx(body, comments=COMMENTS))
    text = body_of(res.chunks[0])
    assert "{++new ++}{>>rev: Ann, 2024-03-01<<}" in text
    assert "{=={++wording++}{>>rev: Ann, 2024-03-01<<} continues==}{>>Carol Reviewer, 2024-04-05: Is 30 days right?<<}" in text
    assert res.records[0]["ssRevs"] == 1 and res.records[0]["ssComs"] == 1


def test_source_text_cannot_forge_marks():
    body = p(r("Fake {++approval++}{>>rev: CEO<<} and [^9] and {==x==}"))
    res = convert(make_docx(body))
    text = body_of(res.chunks[0])
    assert "\\{++approval++}" in text and "\\{>>rev: CEO<<}" in text and "\\[^9]" in text and "\\{==x==}" in text
    assert res.records[0]["ssRevs"] == 0 and res.records[0]["ssRevAuthors"] == ""


def _complex(instr: str, result: str, ffdata: str = "") -> str:
    return (
        f'<w:r><w:fldChar w:fldCharType="begin">{ffdata}</w:fldChar></w:r>'
        f'<w:r><w:instrText xml:space="preserve"> {instr} </w:instrText></w:r>'
        '<w:r><w:fldChar w:fldCharType="separate"/></w:r>'
        + (r(result) if result else "")
        + '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
    )


def test_fields_keep_results_and_record_names_and_data():
    body = (
        p(r("Dear "), '<w:fldSimple w:instr=" MERGEFIELD CustomerName \\* MERGEFORMAT "><w:r><w:t>«CustomerName»</w:t></w:r></w:fldSimple>')
        + p(r("Signed on "), _complex('DATE \\@ "yyyy-MM-dd"', "2024-05-01"))
        + p(r("Client: "), _complex("FORMTEXT", "ACME Corp", '<w:ffData><w:name w:val="ClientName"/></w:ffData>'))
        + p(
            r("Agreed "),
            '<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="Agree"/><w:checkBox><w:default w:val="1"/></w:checkBox></w:ffData></w:fldChar></w:r>'
            '<w:r><w:instrText> FORMCHECKBOX </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>',
        )
        + p(r("See "), _complex('HYPERLINK "https://example.com"', "the site"))
    )
    res = convert(make_docx(body))
    text = body_of(res.chunks[0])
    assert "Dear «CustomerName»" in text and "Signed on 2024-05-01" in text and "Client: ACME Corp" in text
    assert "Agreed ☒" in text and "See [the site](https://example.com)" in text  # HYPERLINK fields are links
    assert "MERGEFIELD" not in text and "FORMTEXT" not in text  # instructions are not displayed
    fields = res.records[0]["ssFields"]
    assert "MERGEFIELD CustomerName: «CustomerName»" in fields
    assert "DATE yyyy-MM-dd: 2024-05-01" in fields
    assert "FORMTEXT ClientName: ACME Corp" in fields
    assert "FORMCHECKBOX Agree: ☒" in fields
    assert "HYPERLINK" not in fields  # navigation fields are text only


def test_field_spanning_paragraphs_keeps_its_text():
    body = (
        p('<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> TOC \\o </w:instrText></w:r>'
          '<w:r><w:fldChar w:fldCharType="separate"/></w:r>', r("Introduction 1"))
        + p(r("Scope 2"), '<w:r><w:fldChar w:fldCharType="end"/></w:r>')
        + p(r("Body after the table of contents."))
    )
    text = body_of(convert(make_docx(body)).chunks[0])
    assert "Introduction 1" in text and "Scope 2" in text and "Body after the table of contents." in text


def _thread_docx(
    extended: str | None, raw_extended: str | None = None, parent_paras: int = 1, anchor_reply: bool = False
) -> bytes:
    parent = "".join(
        f'<w:p w14:paraId="0000C00{k}"><w:r><w:t>Question part {k}.</w:t></w:r></w:p>' for k in range(1, parent_paras + 1)
    )
    comments = (
        f'<w:comment w:id="0" w:author="Carol Reviewer" w:date="2024-04-05T09:00:00Z">{parent}</w:comment>'
        '<w:comment w:id="1" w:author="Ken Anderson" w:date="2024-04-06T09:00:00Z">'
        '<w:p w14:paraId="0000D001"><w:r><w:t>Agreed with legal.</w:t></w:r></w:p></w:comment>'
    )
    body = p(
        r("The term is "),
        '<w:commentRangeStart w:id="0"/>',
        r("30 days"),
        '<w:commentRangeEnd w:id="0"/>',
        r("", extra='<w:commentReference w:id="0"/>'),
        *(
            ['<w:commentRangeStart w:id="1"/>', '<w:commentRangeEnd w:id="1"/>', r("", extra='<w:commentReference w:id="1"/>')]
            if anchor_reply
            else []
        ),
        r("."),
    )
    raw = None
    if raw_extended is not None:
        raw = {
            "word/commentsExtended.xml": (
                '<?xml version="1.0" encoding="UTF-8"?><w15:commentsEx '
                'xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml">' + raw_extended + "</w15:commentsEx>"
            ).encode()
        }
    return make_docx(body, comments=comments, comments_extended=extended, raw_parts=raw)


def test_reply_authors_reach_the_record_whichever_way_the_reply_is_linked():
    # issue 57: replies anchored nowhere in the body (only their thread says where they
    # belong), linked to their parent in ways the reader missed: their authors were lost
    linked = [
        # the reply names the parent's first paragraph (Word names the last)
        _thread_docx('<w15:commentEx w15:paraId="0000D001" w15:paraIdParent="0000C001"/>', parent_paras=2),
        # ids in lower case
        _thread_docx('<w15:commentEx w15:paraId="0000d001" w15:paraIdParent="0000c001"/>'),
        # commentsExtended.xml in the package but not related from the document
        _thread_docx(None, raw_extended='<w15:commentEx w15:paraId="0000D001" w15:paraIdParent="0000C001"/>'),
        # Word's own way, as before
        _thread_docx('<w15:commentEx w15:paraId="0000D001" w15:paraIdParent="0000C001"/>'),
    ]
    for data in linked:
        res = convert(data)
        rec = res.records[0]
        assert rec["ssComAuthors"] == "Carol Reviewer; Ken Anderson"
        assert rec["ssComs"] == 1  # one thread: the reply is not a comment of its own
        assert "{>>↳ Ken Anderson: Agreed with legal.<<}" in body_of(res.chunks[0])
    # no link at all, the reply anchored itself: two comments, both authors there
    rec = convert(_thread_docx(None, anchor_reply=True)).records[0]
    assert rec["ssComs"] == 2 and rec["ssComAuthors"] == "Carol Reviewer; Ken Anderson"


def test_a_ninth_comment_open_on_the_same_text_is_shown_at_its_reference():
    # issue 57 (Open-XML-SDK's CommentExTest files): nine ranges opened over one word; only
    # eight wrap text, and the ninth comment (and its author) was lost
    n = 9
    comments = "".join(
        f'<w:comment w:id="{i}" w:author="Author {i}" w:date="2024-04-05T09:00:00Z">'
        f'<w:p w14:paraId="0000E00{i}"><w:r><w:t>remark {i}</w:t></w:r></w:p></w:comment>'
        for i in range(n)
    )
    body = p(
        r("The term is "),
        *(f'<w:commentRangeStart w:id="{i}"/>' for i in range(n)),
        r("30 days"),
        *(f'<w:commentRangeEnd w:id="{i}"/>' + r("", extra=f'<w:commentReference w:id="{i}"/>') for i in range(n)),
        r("."),
    )
    res = convert(make_docx(body, comments=comments))
    rec = res.records[0]
    assert rec["ssComs"] == n
    assert rec["ssComAuthors"] == "; ".join(f"Author {i}" for i in range(n))
    text = body_of(res.chunks[0])
    assert all(f"Author {i}, 2024-04-05: remark {i}<<}}" in text for i in range(n))
    assert text.count("{==") == 8  # eight wrap the words, the ninth stands at its reference
