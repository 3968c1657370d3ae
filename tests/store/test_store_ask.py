"""Questions: ven's collection pipeline over the store's search, the stored routing index, answers."""

from __future__ import annotations

import pytest
from store_helpers import ALICE, ingest, page_html, prices_md, provider, review_bytes, terms_md

import dan
import ven
from demo.store import AskOptions, HashingProvider, InvalidRequestError
from demo.store.ask import CITE_NUMBERS, CONTEXT_INTRO, numbered_context
from ven.collection import Collection


@pytest.fixture
def loaded(store):
    cid = store.create_collection("Ask", ALICE).id
    jobs = [
        ingest(store, cid, "terms.md", terms_md()),
        ingest(store, cid, "prices.md", prices_md(40)),
        ingest(store, cid, "review.docx", review_bytes()),
        ingest(store, cid, "page.html", page_html()),
    ]
    return store, cid, jobs


def _ven_collection(store, cid):
    """ven's Collection built by hand from the stored records, in activation order."""
    col = Collection(index_pct=store.options.index_pct, count_tokens=dan.count_tokens)
    with store.backend.read() as tx:
        versions = tx.rows(
            "SELECT id, document_id FROM versions WHERE collection_id = ? AND state = 'active' ORDER BY activated_gen", [cid]
        )
    for _version, document_id in versions:
        col.add([dict(p.record) for p in store.list_passages(cid, document_id, ALICE, limit=1000)])
    return col


def test_a_small_collection_sends_everything(loaded):
    store, cid, _jobs = loaded
    res = store.ask(cid, "What does the price list say?", ALICE)
    assert res.path == "all" and res.answer_kind in ("extracted", "not-found")
    sources = store.list_sources(cid, ALICE)
    assert len(res.citations) == sum(s.chunk_count for s in sources)
    assert res.tokens.context == sum(s.tokens for s in sources)
    for c in res.citations:
        assert store.get_passage(cid, c.passage_id, ALICE).text in res.context
    texts = [store.get_passage(cid, c.passage_id, ALICE).text for c in res.citations]
    assert res.system_prompt == dan.system_message() + "\n\n" + CITE_NUMBERS + "\n" + CONTEXT_INTRO + numbered_context(texts)


def test_the_prompt_numbers_each_passage_as_its_citation(loaded):
    """A generated answer's [n] is citations[n - 1]: the model reads [n] before that passage."""
    store, cid, _jobs = loaded
    chat = Scripted("Twenty-four months [1].")
    res = store.ask(cid, "How long is the warranty?", ALICE, options=AskOptions(threshold=0), chat=chat)
    system = chat.calls[0][0]
    assert system == res.system_prompt and "cite" in CITE_NUMBERS.lower() and "[n]" not in res.context
    context = system.split(CONTEXT_INTRO, 1)[1]
    assert len(res.citations) > 1
    for n, c in enumerate(res.citations, 1):
        text = store.get_passage(cid, c.passage_id, ALICE).text
        block = f"[{n}]\n{text}"
        assert block in context  # the number on its own line, then exactly that passage
        assert context.index(block) == (0 if n == 1 else context.index(f"\n\n[{n}]\n") + 2)
    assert f"[{len(res.citations) + 1}]\n" not in context
    # the context the API and the page show stays the chunks themselves, unnumbered
    assert not res.context.startswith("[1]\n")
    assert numbered_context(["a", "b"]) == "[1]\na\n\n[2]\nb" and numbered_context([]) == ""


def test_offline_the_answer_is_extracted_with_citations(loaded):
    store, cid, _jobs = loaded
    res = store.ask(cid, "What is liability capped at?", ALICE)
    assert res.answer_kind == "extracted" and res.extract is not None and res.extract.found
    top = res.extract.items[0]
    assert "Liability is capped at the annual fees." in top.text and "Carol Reviewer" in top.text  # verbatim, comment kept
    cited = {c.passage_id: c.locator for c in res.citations}
    assert all(cited[i.passage_id] == i.locator for i in res.extract.items)
    assert res.answer == res.extract.text and f"- {top.text} [{top.locator}]" in res.answer
    nothing = store.ask(cid, "zebra xylophone quasar", ALICE)
    assert nothing.answer_kind == "not-found" and nothing.answer.startswith("Not found in the documents")
    off = store.ask(cid, "What is liability capped at?", ALICE, options=AskOptions(extract=False))
    assert off.answer is None and off.answer_kind == "none" and off.extract is None
    with pytest.raises(InvalidRequestError, match="extract"):
        AskOptions(extract="yes")  # type: ignore[arg-type]


def test_retrieval_routes_to_the_right_file_and_respects_the_cap(loaded):
    store, cid, jobs = loaded
    opts = AskOptions(threshold=0, max_tokens=600)
    res = store.ask(cid, "What does the Review agreement say about liability?", ALICE, options=opts)
    assert res.path in ("retrieval", "whole-documents")
    assert res.route is not None and res.route.kind in ("DOCS", "NONE")
    assert res.tokens.context <= 600 and res.tokens.max_tokens == 600
    assert "Liability is capped at the annual fees." in res.context
    review = jobs[2]
    assert review.document_id in {c.document_id for c in res.citations}
    for c in res.citations:
        p = store.get_passage(cid, c.passage_id, ALICE)
        assert p.text in res.context and c.locator == p.locator and c.file_name == p.file_name
    assert res.route.documents and res.route.documents[0][0] == review.document_id
    assert res.route.documents[0][1] == "review.docx"


def test_a_table_hit_is_completed_within_the_cap(loaded):
    store, cid, jobs = loaded
    res = store.ask(cid, "What is the price of part P-033 bearing?", ALICE, options=AskOptions(threshold=0, max_tokens=3000, structure=True))
    assert "P-033" in res.context
    prices = jobs[1]
    cited = [c.seq for c in res.citations if c.document_id == prices.document_id]
    table_chunks = [p.seq for p in store.list_passages(cid, prices.document_id, ALICE) if p.record["ssTables"]]
    assert set(table_chunks) <= set(cited)  # the whole table, not a cut piece of it


def test_the_stored_index_document_is_vens(loaded):
    store, cid, jobs = loaded
    stored = store.index_document(cid, ALICE)
    col = _ven_collection(store, cid)
    assert stored.text == col.index_document() and stored.tokens == col.index_tokens() and stored.sources == 4
    ingest(store, cid, "terms.md", terms_md("beta"))  # replaced: it moves to the end
    store.delete_source(cid, jobs[3].document_id, ALICE)
    stored = store.index_document(cid, ALICE)
    col = _ven_collection(store, cid)
    assert stored.text == col.index_document() and stored.sources == 3
    assert stored.text.rstrip().endswith(col.index_document().rstrip().split("\n\n")[-1])


def test_asking_sees_replacements_at_once(loaded):
    store, cid, jobs = loaded
    opts = AskOptions(threshold=0, max_tokens=800)
    first = store.ask(cid, "What does the marker say about warranty?", ALICE, options=opts)
    assert "alpha" in first.context
    ingest(store, cid, "terms.md", terms_md("gamma"))
    again = store.ask(cid, "What does the marker say about warranty?", ALICE, options=opts)
    assert "gamma" in again.context and "alpha" not in again.context
    store.delete_source(cid, jobs[0].document_id, ALICE)
    gone = store.ask(cid, "What does the marker say about warranty?", ALICE, options=opts)
    assert "gamma" not in gone.context


class Scripted:
    """A chat model that answers from a script and records what it was sent."""

    def __init__(self, *replies: str) -> None:
        self.replies = list(replies)
        self.calls: list[tuple[str, list[tuple[str, str]]]] = []

    def complete(self, system, messages):  # type: ignore[no-untyped-def]
        self.calls.append((system, list(messages)))
        return self.replies.pop(0)


def test_model_routing_and_an_answer(loaded):
    store, cid, jobs = loaded
    terms = jobs[0]
    mini = Scripted(f"{terms.document_id}:95", "LOCAL")
    chat = Scripted("Twenty-four months (terms.md, Warranty).")
    res = store.ask(
        cid,
        "How long is the warranty?",
        ALICE,
        options=AskOptions(threshold=0, routing="model"),
        chat=chat,
        mini=mini,
        history=[("user", "Hello"), ("assistant", "Hi")],
    )
    assert res.answer == "Twenty-four months (terms.md, Warranty)." and res.answer_kind == "generated" and res.extract is None
    # the routed file whole, then what it leaves of the cap (6,000 tokens) from the other files
    assert res.path == "whole-documents" and terms.document_id in {c.document_id for c in res.citations}
    assert len({c.document_id for c in res.citations}) > 1 and any("the rest of the cap" in n for n in res.notes)
    assert res.route.kind == "DOCS" and res.route.documents == ((terms.document_id, "terms.md", 95),)
    route_system = mini.calls[0][0]
    assert route_system == ven.filter_system_prompt() + store.index_document(cid, ALICE).text
    system, messages = chat.calls[0]
    assert system == res.system_prompt and messages[-1] == ("user", "How long is the warranty?")
    assert messages[:2] == [("user", "Hello"), ("assistant", "Hi")]
    with pytest.raises(InvalidRequestError, match="mini chat model"):
        store.ask(cid, "x?", ALICE, options=AskOptions(routing="model"))


def test_routed_fill_off_sends_the_routed_file_alone(loaded):
    store, cid, jobs = loaded
    terms = jobs[0]
    opts = AskOptions(threshold=0, routing="model", routed_fill=False)
    res = store.ask(cid, "How long is the warranty?", ALICE, options=opts, mini=Scripted(f"{terms.document_id}:95", "LOCAL"))
    assert res.path == "whole-documents" and {c.document_id for c in res.citations} == {terms.document_id}
    assert not any("the rest of the cap" in n for n in res.notes)
    # the extract answers from the routed file first when the rest of the cap went elsewhere
    full = store.ask(cid, "How long is the warranty?", ALICE, options=AskOptions(threshold=0, routing="model"), mini=Scripted(f"{terms.document_id}:95", "LOCAL"))
    assert [c.seq for c in full.citations if c.document_id == terms.document_id] == [c.seq for c in res.citations]
    assert full.extract is not None and res.extract is not None
    assert full.extract.items[0].text == res.extract.items[0].text
    with pytest.raises(InvalidRequestError, match="routed_fill"):
        AskOptions(routed_fill="yes")  # type: ignore[arg-type]


def test_the_index_path(loaded):
    store, cid, _jobs = loaded
    mini = Scripted("INDEX", "GLOBAL")
    chat = Scripted("Four documents.")
    res = store.ask(cid, "Which documents are there?", ALICE, options=AskOptions(threshold=0, routing="model"), mini=mini, chat=chat)
    assert res.path == "index" and res.context == store.index_document(cid, ALICE).text
    assert res.system_prompt == ven.index_system_prompt() + res.context and res.citations == ()


def test_an_extracted_answer_never_quotes_the_index(loaded):
    # issue 50: "What comments were made in the document?" was answered with a raw index entry
    store, cid, _jobs = loaded
    res = store.ask(cid, "Which documents are there?", ALICE, options=AskOptions(threshold=0, routing="model"), mini=Scripted("INDEX", "GLOBAL"))
    assert res.path == "retrieval" and res.citations
    assert "[DOC " not in res.answer and "[DOC " not in res.context
    assert any("quoted from the passages instead" in n for n in res.notes)


def test_an_empty_collection_and_bad_options(store):
    cid = store.create_collection("Nothing", ALICE).id
    res = store.ask(cid, "Anything?", ALICE)
    assert res.context == "" and res.citations == () and "no ready sources" in " ".join(res.notes)
    with pytest.raises(InvalidRequestError):
        store.ask(cid, "", ALICE)
    with pytest.raises(InvalidRequestError):
        AskOptions(max_tokens=10)
    with pytest.raises(InvalidRequestError):
        AskOptions(routing="psychic")
    with pytest.raises(InvalidRequestError):
        store.ask(cid, "x", ALICE, mode="fuzzy")


def test_expand_completes_a_table(loaded):
    store, cid, jobs = loaded
    prices = jobs[1]
    passages = store.list_passages(cid, prices.document_id, ALICE)
    table = [p for p in passages if p.record["ssTables"]]
    assert len(table) > 1
    out = store.expand(cid, [table[0].id], ALICE, budget=5000)
    assert [p.seq for p in out] == sorted(p.seq for p in out)
    assert {p.seq for p in table} <= {p.seq for p in out}
    assert [p.score for p in out if p.id == table[0].id] == [1.0]
    with pytest.raises(InvalidRequestError):
        store.expand(cid, [], ALICE)
    from demo.store import NotFoundError

    with pytest.raises(NotFoundError, match="not found"):
        store.expand(cid, ["VNOPE-0"], ALICE)


CONTRACT = b"""# Agreement

## 9 Liability

9.2 The total liability of the supplier is limited to the fees of twelve months.

## 10 Insurance

The supplier keeps product liability insurance of EUR 5,000,000 per event with a reputable insurer.
It shows the certificate every year before the first of March, and it tells the customer at once
when the cover changes, lapses or is cancelled by either side for any reason at all.

## Schedule 3 - Special provisions

By way of derogation from clause 9.2, liability for data protection breaches is limited to EUR 2,500,000 per claim.
"""


def test_expand_follows_cross_references(store):
    cid = store.create_collection("Refs", ALICE).id
    job = ingest(store, cid, "contract.md", CONTRACT)
    passages = store.list_passages(cid, job.document_id, ALICE)
    clause = next(p for p in passages if "9.2 The total" in p.text)
    derogation = next(p for p in passages if "By way of derogation" in p.text)
    assert len(passages) >= 3, "the test needs clause, insurance and schedule in separate chunks"
    assert derogation.record["ssRefs"] == "9.2"
    out = store.expand(cid, [clause.id], ALICE, budget=5000)
    assert derogation.id in [p.id for p in out]
    assert all("insurance" not in p.text for p in out)  # only what the reference names
    assert [p.id for p in store.expand(cid, [clause.id], ALICE, budget=0)] == [clause.id]


NOTES = "\n\n".join(f"## Part {i}\n\n" + f"Paragraph {i} says the number {i} many times over. " * 30 for i in range(8)).encode()


def test_expand_adds_neighbours_nearest_first_within_the_budget(store):
    cid = store.create_collection("Neighbours", ALICE).id
    job = ingest(store, cid, "notes.md", NOTES)
    passages = store.list_passages(cid, job.document_id, ALICE)
    assert len(passages) >= 6, "the test needs several chunks"
    mid = passages[3]
    assert [p.seq for p in store.expand(cid, [mid.id], ALICE)] == [mid.seq]  # no neighbours by default
    two = store.expand(cid, [mid.id], ALICE, neighbours=2, budget=100_000)
    assert [p.seq for p in two] == [mid.seq - 2, mid.seq - 1, mid.seq, mid.seq + 1, mid.seq + 2]
    assert [p.score for p in two] == [0.0, 0.0, 1.0, 0.0, 0.0]
    # a budget of one chunk: only the nearest chunk before is added (then the budget is spent)
    one = store.expand(cid, [mid.id], ALICE, neighbours=2, budget=1)
    assert [p.seq for p in one] == [mid.seq - 1, mid.seq]
    first = store.expand(cid, [passages[0].id], ALICE, neighbours=1, budget=100_000)
    assert [p.seq for p in first] == [0, 1]
    with pytest.raises(InvalidRequestError, match="neighbours"):
        store.expand(cid, [mid.id], ALICE, neighbours=6)


def test_expand_keeps_under_max_tokens(store):
    cid = store.create_collection("Capped", ALICE).id
    job = ingest(store, cid, "notes.md", NOTES)
    passages = store.list_passages(cid, job.document_id, ALICE)
    mid = passages[3]
    cap = mid.tokens + passages[2].tokens  # room for one neighbour, not two
    out = store.expand(cid, [mid.id], ALICE, neighbours=2, budget=100_000, max_tokens=cap)
    assert [p.seq for p in out] == [mid.seq - 1, mid.seq]
    assert sum(p.tokens for p in out) <= cap
    with pytest.raises(InvalidRequestError, match="over max_tokens"):
        store.expand(cid, [mid.id], ALICE, max_tokens=mid.tokens - 1)
    with pytest.raises(InvalidRequestError, match="max_tokens"):
        store.expand(cid, [mid.id], ALICE, max_tokens=0)


def test_expand_caps_a_table_whole(loaded):
    store, cid, jobs = loaded
    table = [p for p in store.list_passages(cid, jobs[1].document_id, ALICE) if p.record["ssTables"]]
    whole = store.expand(cid, [table[0].id], ALICE, budget=5000)
    assert len(whole) > 1
    capped = store.expand(cid, [table[0].id], ALICE, budget=5000, max_tokens=table[0].tokens)
    assert [p.id for p in capped] == [table[0].id]  # the rest of the table would pass the cap: left out whole


class Failing:
    def complete(self, system, messages):  # type: ignore[no-untyped-def]
        raise ConnectionError("the model endpoint is down")


def test_a_failing_routing_model_falls_back_to_lexical_routing(loaded):
    store, cid, _jobs = loaded
    res = store.ask(cid, "What does the Review agreement say about liability?", ALICE,
                    options=AskOptions(threshold=0, routing="model"), mini=Failing())
    assert "routed lexically" in " ".join(res.notes) and "Liability is capped" in res.context


def test_the_structure_option_reaches_vens_collection(loaded, monkeypatch):
    store, cid, _jobs = loaded
    seen: list[object] = []
    real = Collection.context

    def spy(self, question, search, **kw):  # type: ignore[no-untyped-def]
        seen.append(kw.get("structure", "missing"))
        return real(self, question, search, **kw)

    monkeypatch.setattr(Collection, "context", spy)
    for structure in (None, True, False):
        store.ask(cid, "What is the price of part P-033 bearing?", ALICE,
                  options=AskOptions(threshold=0, max_tokens=3000, structure=structure))
    assert seen == [None, True, False]
    with pytest.raises(InvalidRequestError, match="structure must be"):
        AskOptions(structure="yes")  # type: ignore[arg-type]


def test_the_store_asks_ven_with_its_defaults_no_phrase_hints(loaded):
    # issue 49: every path (the store, /ask, the page, the CLI) builds the context with ven's
    # defaults; a question's wording makes nothing broad unless the hints are asked for
    store, cid, _jobs = loaded
    question = "Summarise all the documents and list every price."
    plain = store.ask(cid, question, ALICE, options=AskOptions(threshold=0))
    assert plain.broad is False
    hinted = store.ask(cid, question, ALICE, options=AskOptions(threshold=0, hints=True))
    assert hinted.broad is True
    mini = store.ask(cid, question, ALICE, options=AskOptions(threshold=0, routing="lexical"), mini=Scripted("GLOBAL"))
    assert mini.broad is True  # a mini model's verdict still counts
    with pytest.raises(InvalidRequestError, match="hints"):
        AskOptions(hints="yes")  # type: ignore[arg-type]


class _Counting(HashingProvider):
    """The tests' hashing provider, keeping what it embeds as documents; ``fail`` makes that fail."""

    def __init__(self) -> None:
        super().__init__(dims=provider().identity.dimensions)
        self.documents: list[str] = []
        self.fail = False

    def embed_documents(self, texts):  # type: ignore[no-untyped-def]
        if self.fail:
            raise RuntimeError("model crashed")
        self.documents += list(texts)
        return super().embed_documents(texts)


def test_the_extract_compares_the_best_hits_sentences_with_the_question(make_store):  # type: ignore[no-untyped-def]
    model = _Counting()
    store = make_store(embeddings=model)
    cid = store.create_collection("Meaning", ALICE).id
    ingest(store, cid, "terms.md", terms_md())
    ingest(store, cid, "prices.md", prices_md(40))
    question, retrieval = "How long is the warranty?", AskOptions(threshold=0)
    model.documents.clear()
    res = store.ask(cid, question, ALICE, options=retrieval, mode="hybrid")
    assert res.answer_kind == "extracted" and model.documents  # the sentences of the best hits, embedded
    model.documents.clear()
    again = store.ask(cid, question, ALICE, options=retrieval, mode="hybrid")
    assert again.extract == res.extract and model.documents == []  # kept: not embedded twice
    for words_only in (store.ask(cid, question, ALICE, options=retrieval, mode="keyword"),  # no query vector
                       store.ask(cid, question, ALICE, options=AskOptions(threshold=0, meaning=False), mode="hybrid")):
        assert words_only.answer_kind == "extracted"
    assert model.documents == []
    broken = _Counting()
    broken.fail = True  # the model fails on the sentences: the words alone rank them, and the result says so
    other = make_store(embeddings=broken)
    failed = other.ask(cid, question, ALICE, options=retrieval, mode="hybrid")
    plain = other.ask(cid, question, ALICE, options=AskOptions(threshold=0, meaning=False), mode="hybrid")
    assert failed.extract is not None and plain.extract is not None and failed.extract.items == plain.extract.items
    assert any("ranked by their words only" in n and "model crashed" in n for n in failed.notes)
    with pytest.raises(InvalidRequestError, match="meaning must be True or False"):
        AskOptions(meaning="yes")  # type: ignore[arg-type]


class _Thermal(HashingProvider):
    """A stand-in model that knows one meaning: a question about the "thermal ceiling" means the
    manual's temperature limit (and nothing else is close to anything)."""

    MANUAL = (
        "# Compressor manual\n\n## Safety\n\nWear gloves near the compressor.\n\n"
        "The maximum permissible ambient temperature for the compressor is 45 °C.\n"
    )

    def __init__(self) -> None:
        super().__init__(dims=provider().identity.dimensions)

    def _axis(self, k: int) -> list[float]:
        return [1.0 if i == k else 0.0 for i in range(self.dims)]

    def embed_documents(self, texts):  # type: ignore[no-untyped-def]
        return [self._axis(0) if "permissible ambient temperature" in t else self._axis(1) for t in texts]

    def embed_query(self, text):  # type: ignore[no-untyped-def]
        return self._axis(0) if "thermal ceiling" in text else self._axis(2)


def test_a_question_no_word_of_which_matches_is_answered_by_meaning_only_when_close(make_store):  # type: ignore[no-untyped-def]
    store = make_store(embeddings=_Thermal())
    cid = store.create_collection("Manual", ALICE).id
    ingest(store, cid, "manual.md", _Thermal.MANUAL.encode())
    retrieval = AskOptions(threshold=0)
    close = store.ask(cid, "Any idea about the thermal ceiling?", ALICE, options=retrieval, mode="hybrid")
    assert close.answer_kind == "extracted" and close.extract is not None and close.extract.by_meaning
    assert [it.text for it in close.extract.items] == ["The maximum permissible ambient temperature for the compressor is 45 °C."]
    assert close.answer is not None and "closest in meaning" in close.answer
    assert any("closest to it in meaning" in n for n in close.notes)
    far = store.ask(cid, "Any idea about the boiling point of ethanol?", ALICE, options=retrieval, mode="hybrid")
    assert far.answer_kind == "not-found" and not any("in meaning" in n for n in far.notes)
    words_only = store.ask(cid, "Any idea about the thermal ceiling?", ALICE, options=AskOptions(threshold=0, meaning=False), mode="hybrid")
    assert words_only.answer_kind == "not-found"
