"""The pages in ``docs/`` are contracts: each is held here to the code it describes,
so a word the code learns and the page does not (or the other way round) fails."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from floorman.hand import events
from floorman.hand.events import EVENT_WORDS, VERB_ALIASES, parse_event
from floorman.interchange.handfile import Hand, parse_hand

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def page(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    """The body under ``heading`` (a ``## `` line), up to the next heading of its level."""
    level = heading.split(" ", 1)[0]
    assert f"\n{heading}\n" in text, f"no section {heading!r}"
    body = text.split(f"\n{heading}\n", 1)[1]
    return re.split(rf"\n{level} ", body, maxsplit=1)[0]


def code(text: str) -> list[str]:
    """Every inline code span of ``text``."""
    return re.findall(r"`([^`\n]+)`", text)


def blocks(text: str, language: str) -> list[str]:
    """The fenced code blocks of ``text`` in ``language``."""
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.DOTALL)


def floorman(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """The real command, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "floorman", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


# -- docs/notation.md: the events and the hand file ---------------------------------


def event_kinds() -> set[str]:
    """Every first word of an event the parser knows (a betting action's second word)."""
    kinds = set(EVENT_WORDS) | set(VERB_ALIASES.values())
    for name in events.__all__:
        value = getattr(events, name)
        if isinstance(value, type) and issubclass(value, events.Event):
            kind = value.__dict__.get("kind")
            if isinstance(kind, str) and kind:
                kinds.add(kind)
    return kinds


def documented_events() -> dict[str, list[str]]:
    """Each ``### `` section of the notation's events, by its heading (its kinds, comma
    separated), with the example event lines it gives."""
    found: dict[str, list[str]] = {}
    body = section(page("notation.md"), "## Events")
    for part in body.split("\n### ")[1:]:
        heading, _, text = part.partition("\n")
        found[heading] = [
            example
            for line in text.splitlines()
            if line.startswith("Examples:")
            for example in code(line)
        ]
    return found


def kinds_of(heading: str) -> set[str]:
    return {word.strip() for word in heading.split(",")}


def test_every_event_the_parser_knows_has_its_section_in_notation_md() -> None:
    documented = {kind for heading in documented_events() for kind in kinds_of(heading)}
    missing = sorted(event_kinds() - documented)
    assert not missing, f"docs/notation.md has no section for the event kinds {missing}"
    unknown = sorted(documented - event_kinds())
    assert not unknown, f"docs/notation.md documents kinds the parser does not know: {unknown}"


def test_each_example_parses_as_an_event_of_its_section() -> None:
    for heading, examples in documented_events().items():
        assert examples, f"docs/notation.md: the section {heading!r} gives no example"
        for example in examples:
            parsed = parse_event(example)
            assert parsed.kind in kinds_of(heading), (
                f"docs/notation.md: {example!r} is a {parsed.kind} event, not {heading}"
            )
            assert str(parse_event(str(parsed))) == str(parsed), example


def test_every_short_form_of_a_betting_word_is_in_notation_md() -> None:
    documented = set(code(page("notation.md")))
    missing = sorted(set(VERB_ALIASES) - documented)
    assert not missing, f"docs/notation.md does not give the short forms {missing}"


def hand_file_keys() -> list[str]:
    table = section(page("notation.md"), "## The hand file")
    return re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.MULTILINE)


def test_every_hand_file_key_is_in_the_table_and_no_other() -> None:
    documented = hand_file_keys()
    accepted = set(Hand.model_fields)
    missing = sorted(accepted - set(documented))
    assert not missing, f"docs/notation.md's hand-file table lacks {missing}"
    unknown = sorted(set(documented) - accepted)
    assert not unknown, f"docs/notation.md documents keys a hand file refuses: {unknown}"
    assert len(documented) == len(set(documented)), "a key is in the table twice"


def worked_example() -> tuple[str, str]:
    """The worked example's file name (its first line, a comment) and its text."""
    found = blocks(section(page("notation.md"), "### A worked example"), "yaml")
    assert len(found) == 1, "docs/notation.md: the worked example is one yaml block"
    name = found[0].splitlines()[0].removeprefix("# ").strip()
    return name, found[0]


def test_the_worked_example_hand_file_checks_cleanly(tmp_path: Path) -> None:
    name, text = worked_example()
    parse_hand(text, name)
    (tmp_path / name).write_text(text, encoding="utf-8")
    result = floorman("check", name, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stderr == ""
    assert "odd chip 5 to seat 2" in result.stdout


# -- docs/check-json.md: what `floorman check --json` prints ------------------------

CHECKED = re.compile(
    r"```sh\nfloorman check (\S+) --json +# exit status (\d)\n```\s*```(json|text)\n(.*?)```",
    flags=re.DOTALL,
)


def check_examples() -> list[tuple[str, int, str, str]]:
    """Each example of check-json.md: the file, its exit status, and what is printed
    (``json`` on standard output, ``text`` on standard error)."""
    found = [
        (name, int(status), kind, printed)
        for name, status, kind, printed in CHECKED.findall(page("check-json.md"))
    ]
    assert found, "docs/check-json.md gives no example"
    return found


def hand_files_on(name: str) -> dict[str, str]:
    """The hand files a page writes out whole: yaml blocks whose first line names them."""
    files: dict[str, str] = {}
    for text in blocks(page(name), "yaml"):
        first = text.splitlines()[0]
        if first.startswith("# ") and first.endswith(".yaml"):
            files[first.removeprefix("# ")] = text
    return files


def test_check_json_examples_are_what_the_command_prints(tmp_path: Path) -> None:
    for name, text in hand_files_on("check-json.md").items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    statuses = set()
    for name, status, kind, printed in check_examples():
        assert (tmp_path / name).is_file(), f"docs/check-json.md: no hand file {name}"
        result = floorman("check", name, "--json", cwd=tmp_path)
        assert result.returncode == status, f"{name}: {result.stderr}"
        if kind == "json":
            assert result.stderr == ""
            assert result.stdout == printed, f"docs/check-json.md: {name} prints otherwise"
        else:
            assert result.stdout == ""
            assert result.stderr == printed, f"docs/check-json.md: {name} says otherwise"
        statuses.add(status)
    assert statuses == {0, 1, 2}, "docs/check-json.md shows an example of each exit status"


def json_keys(value: object) -> set[str]:
    """Every object key in a JSON value, seats (keys that are numbers) left out."""
    keys: set[str] = set()
    if isinstance(value, dict):
        keys |= {key for key in value if not key.isdigit()}
        for item in value.values():
            keys |= json_keys(item)
    elif isinstance(value, list):
        for item in value:
            keys |= json_keys(item)
    return keys


def test_check_json_explains_every_key_it_prints_and_every_outcome() -> None:
    from floorman.rules.schema import OUTCOMES

    body = section(page("check-json.md"), "## The object")
    documented = set(re.findall(r"^\| `([a-z_-]+)` \|", body, flags=re.MULTILINE))
    for span in code(body):
        documented |= set(re.findall(r'"([a-z_]+)"', span))
    printed: set[str] = set()
    for _, _, kind, text in check_examples():
        if kind == "json":
            printed |= json_keys(json.loads(text))
    missing = sorted(printed - documented)
    assert not missing, f"docs/check-json.md prints keys it does not explain: {missing}"
    missing = sorted(set(OUTCOMES) - documented)
    assert not missing, f"docs/check-json.md does not explain the outcomes {missing}"


# -- docs/api.md: the server's routes and the OpenAPI document -----------------------

ROUTE_ROW = re.compile(r"^\| `(GET|POST|PUT|PATCH|DELETE)` \| `(/[^`]*)` \|", flags=re.MULTILINE)


def served_routes(db: Path) -> set[tuple[str, str]]:
    """Every (method, route) the server answers; a mounted folder as ``/static/{path}``."""
    from starlette.routing import Mount, Route

    from floorman.server.app import create_app

    routes: set[tuple[str, str]] = set()
    for route in create_app(db).routes:
        if isinstance(route, Route):
            routes |= {(method, route.path) for method in route.methods or () if method != "HEAD"}
        elif isinstance(route, Mount):
            routes.add(("GET", f"{route.path}/{{path}}"))
    return routes


def test_every_route_the_server_answers_is_in_api_md_and_no_other(tmp_path: Path) -> None:
    documented = set(ROUTE_ROW.findall(page("api.md")))
    served = served_routes(tmp_path / "room.db")
    missing = sorted(served - documented)
    assert not missing, f"docs/api.md does not document the routes {missing}"
    unknown = sorted(documented - served)
    assert not unknown, f"docs/api.md documents routes the server does not answer: {unknown}"


def test_api_md_and_the_openapi_document_name_the_same_api() -> None:
    from floorman.server.openapi import DOCUMENT

    in_document = {
        (method.upper(), path)
        for path, item in DOCUMENT["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    }
    documented = {
        (method, path)
        for method, path in ROUTE_ROW.findall(section(page("api.md"), "## API"))
        if path != "/api/openapi.json"
    }
    missing = sorted(in_document - documented)
    assert not missing, f"docs/api.md's API table lacks {missing} of the OpenAPI document"
    unknown = sorted(documented - in_document)
    assert not unknown, f"the OpenAPI document lacks {unknown} of docs/api.md's API table"


def test_api_md_explains_every_key_a_post_and_a_table_answer(tmp_path: Path) -> None:
    from floorman.server.room import Room

    db = tmp_path / "room.db"
    made = floorman("new", "--db", str(db), "-t", "7", "--button", "3", "--seats", "1=50,2=50,3=50")
    assert made.returncode == 0, made.stderr
    room = Room(db)
    posted = room.record("7", ["deal", "3 call"], after=None, who="ana")
    assert posted.status == 200, posted.body
    table = room.table("7")
    assert table is not None
    text = page("api.md")
    for heading, answer in (("### Recording", posted.body), ("### A table", table)):
        part = text.split(heading, 1)[1].split("\n### ", 1)[0]
        documented = {key for row in re.findall(r"^\| (.*?) \|", part, re.M) for key in code(row)}
        missing = sorted(set(answer) - documented)
        assert not missing, f"docs/api.md {heading!r} does not explain {missing}"


def test_api_md_explains_every_key_of_the_state_and_of_undo_next_and_changes(
    tmp_path: Path,
) -> None:
    from floorman.server.room import Room
    from floorman.session.seating import Change

    db = tmp_path / "room.db"
    made = floorman("new", "--db", str(db), "-t", "7", "--button", "3", "--seats", "1=50,2=50,3=50")
    assert made.returncode == 0, made.stderr
    room = Room(db)
    assert room.record("7", ["deal", "3 fold"], after=None, who="ana").status == 200
    state = room.state("7")
    assert state is not None
    undone = room.undo("7", after=None, who="ana")
    assert room.record("7", ["3 fold", "1 fold"], after=None, who="ana").status == 200
    dealt = room.next_hand("7", after=None, who="ana")
    changed = room.change("7", Change("sit", 4, 100, "Dana"), after=None, who="ana")
    assert (undone.status, dealt.status, changed.status) == (200, 200, 200), dealt.body
    text = page("api.md")
    answers = {**undone.body, **dealt.body, **changed.body, "replayed": True}
    for heading, answer in (("### The table's state", state), ("### Taking back", answers)):
        part = text.split(heading, 1)[1].split("\n### ", 1)[0]
        documented = {key for row in re.findall(r"^\| (.*?) \|", part, re.M) for key in code(row)}
        missing = sorted(set(answer) - documented)
        assert not missing, f"docs/api.md {heading!r} does not explain {missing}"


def test_api_md_explains_every_status_the_openapi_document_answers() -> None:
    from floorman.server.openapi import DOCUMENT

    statuses = {
        status
        for item in DOCUMENT["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict)
        for status in operation.get("responses", {})
        if status != "200"
    }
    documented = set(re.findall(r"^\| (\d{3}) \|", page("api.md"), flags=re.MULTILINE))
    missing = sorted(statuses - documented)
    assert not missing, f"docs/api.md does not explain the statuses {missing}"


def test_api_md_names_every_schema_of_the_openapi_document() -> None:
    from floorman.server.openapi import DOCUMENT

    text = section(page("api.md"), "## The OpenAPI document").split("\n\n")[0]
    named = {name for name in code(text) if re.fullmatch(r"[A-Z][a-z][A-Za-z]*", name)}
    assert named == set(DOCUMENT["components"]["schemas"])


# -- docs/rulebook.md: the rulebook format ---------------------------------------------


def first_cells(text: str) -> set[str]:
    """The names in the first column of the tables of ``text``: its code spans."""
    cells = re.findall(r"^\| (.*?) \|", text, flags=re.MULTILINE)
    return {name for cell in cells for name in code(cell)}


def part(heading: str) -> str:
    """A section of rulebook.md without its subsections."""
    return section(page("rulebook.md"), heading).split("\n### ", 1)[0]


def assert_same(documented: set[str], known: set[str], what: str) -> None:
    missing = sorted(known - documented)
    assert not missing, f"docs/rulebook.md does not document the {what} {missing}"
    unknown = sorted(documented - known)
    assert not unknown, f"docs/rulebook.md documents {what} the code does not know: {unknown}"


def fields(model: type[BaseModel]) -> set[str]:
    return {info.alias or name for name, info in model.model_fields.items()}


def test_rulebook_md_names_every_field_of_every_part_of_a_rulebook() -> None:
    from floorman.rules import schema

    for heading, model in (
        ("## Top-level keys", schema.RulebookFile),
        ("## Options", schema.Option),
        ("## Games", schema.Game),
        ("## Rules", schema.Rule),
        ("### Steps", schema.Step),
        ("### Worked examples", schema.Example),
        ("## Situations", schema.Situation),
    ):
        table = part(heading).split("\n\n| option |", 1)[0]
        missing = sorted(fields(model) - first_cells(table))
        assert not missing, f"docs/rulebook.md {heading!r} does not name the fields {missing}"


def test_rulebook_md_names_every_predicate_form_and_comparator() -> None:
    from floorman.rules.schema import COMPARATORS

    forms = {"all", "any", "not", "condition", "fact"}
    assert_same(first_cells(section(page("rulebook.md"), "### `when`: predicates")),
                forms | set(COMPARATORS), "predicate forms and comparators")  # fmt: skip


def test_rulebook_md_names_every_event_kind_a_rule_is_on() -> None:
    from floorman.rules.schema import EVENT_KINDS

    documented = set(code(section(page("rulebook.md"), "### `on`: the event kinds")))
    missing = sorted(set(EVENT_KINDS) - documented)
    assert not missing, f"docs/rulebook.md does not name the event kinds {missing}"


def test_rulebook_md_lists_every_fact_variable_and_primitive() -> None:
    from floorman.rules.catalogue import FACTS, TEMPLATE_VARS
    from floorman.rules.schema import PRIMITIVES
    from floorman.rules.steps import PRIMITIVE_DOCS

    assert_same(first_cells(part("## Facts")), set(FACTS), "facts")
    assert_same(first_cells(part("## Step text variables")), set(TEMPLATE_VARS), "variables")
    primitives = first_cells(part("## Step primitives"))
    assert_same(primitives, set(PRIMITIVES), "do primitives")
    assert_same(primitives, set(PRIMITIVE_DOCS), "explained primitives")


def test_rulebook_md_names_the_filters_and_tests_a_step_text_may_use() -> None:
    from floorman.rules.steps import FILTERS, TESTS

    documented = set(code(section(page("rulebook.md"), "### Steps")))
    missing = sorted((FILTERS | TESTS) - documented)
    assert not missing, f"docs/rulebook.md does not name the step text filters/tests {missing}"


def shown(value: object) -> str:
    """An option's value as the options table writes it."""
    if value is None:
        return "`null`"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, list):
        return "`[" + ", ".join(str(item) for item in value) + "]`"
    return f"`{value}`"


def test_rulebook_md_gives_each_shipped_option_with_each_rulebooks_default() -> None:
    from floorman.rules.loader import load_rulebook

    text = section(page("rulebook.md"), "## Options")
    header, rows = text.split("\n| option |", 1)[1].split("\n", 1)
    books = [cell.strip() for cell in header.strip(" |").split("|")][1:4]
    assert books == ["rrop", "tda-2024", "wsop-2024"]
    table: dict[str, list[str]] = {}
    for row in rows.splitlines()[1:]:
        if not row.startswith("| "):
            break
        cells = [cell.strip() for cell in row.strip(" |").split(" | ")]
        table[cells[0].strip("`")] = cells[2:5]
    known: set[str] = set()
    for column, name in enumerate(books):
        options = load_rulebook(name).options
        known |= set(options)
        for option, value in options.items():
            assert option in table, f"docs/rulebook.md's options table lacks {option}"
            assert table[option][column] == shown(value), (
                f"docs/rulebook.md: {name}'s {option} is {shown(value)}, "
                f"not {table[option][column]}"
            )
    assert_same(set(table), known, "options")


def test_the_rule_shown_is_the_shipped_rule_it_names() -> None:
    import yaml
    from compiledrules import data as compiled_data

    from floorman.rules.loader import load_rulebook, yaml_loader
    from floorman.rules.schema import Rule

    def read(text: str) -> Any:
        return yaml.load(text, Loader=yaml_loader())

    (text,) = blocks(section(page("rulebook.md"), "## Rules").split("\n### ", 1)[0], "yaml")
    shown_rule = Rule.model_validate(read(text)[0])
    written_out = {rule.local_id: rule.rule for rule in load_rulebook("rrop").rules}
    assert shown_rule.id in written_out, "docs/rulebook.md shows a rule rrop does not have"
    rule = written_out[shown_rule.id]

    def fields(rule: Any) -> dict[str, Any]:
        return {k: v for k, v in compiled_data(rule).items() if k not in {"examples", "case"}}

    assert fields(shown_rule) == fields(rule), (
        f"docs/rulebook.md shows {shown_rule.id} otherwise than rrop.yaml, with its case, has it"
    )
    assert shown_rule.examples[0] == rule.examples[0]


def test_the_house_profile_shown_loads_and_its_examples_hold(tmp_path: Path) -> None:
    files = hand_files_on("rulebook.md")
    assert list(files) == ["my-room.yaml"], "docs/rulebook.md writes one house profile"
    (tmp_path / "my-room.yaml").write_text(files["my-room.yaml"], encoding="utf-8")
    result = floorman("rules", "validate", "my-room.yaml", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "my-room: ok; 1 rules, 3 worked examples\n"


# -- the other pages, and the links between them ---------------------------------------


def test_limits_md_gives_the_limits_the_code_keeps() -> None:
    from floorman import bounds
    from floorman.drills.questions import MAX_COUNT

    exponent = len(str(bounds.MAX_CHIPS)) - 1
    assert 10**exponent == bounds.MAX_CHIPS, "docs/bounds.md writes the chip limit as 10^N"
    assert bounds.MAX_ID == 2**63 - 1, "docs/bounds.md writes the hand id limit as 2^63 - 1"
    text = " ".join(page("bounds.md").split())
    for said in (
        f"at most {bounds.MAX_EVENTS_PER_HAND:,} events",
        f"an event line at most {bounds.MAX_EVENT_CHARS:,} characters",
        f"at most {bounds.MAX_FILE_BYTES // 2**20} MiB",
        f"nested at most {bounds.MAX_NESTING} deep",
        f"numbered 1 to {bounds.MAX_SEAT}",
        f"at most 10^{exponent} in the smallest unit",
        "a hand id is at most 2^63 - 1",
        f"at most {MAX_COUNT} questions",
        f"a step text in a rulebook is at most {bounds.MAX_STEP_CHARS:,} characters",
    ):
        assert said in text, f"docs/bounds.md does not say {said!r}"


def test_store_md_gives_each_backends_schema_version() -> None:
    from floorman.store._schema import POSTGRES, SQLITE

    text = " ".join(page("store.md").split())
    for said in (f"SQLite's is {len(SQLITE)}", f"PostgreSQL's {len(POSTGRES)}"):
        assert said in text, f"docs/store.md does not say {said!r}"


def test_the_readme_leads_to_every_page_of_the_docs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\(docs/([a-z-]+\.md)\)", readme))
    orphans = sorted(p.name for p in DOCS.glob("*.md") if p.name not in linked)
    assert not orphans, f"the README does not link to {orphans}"


def anchor(heading: str) -> str:
    """The anchor a Markdown renderer gives a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_every_link_between_the_docs_pages_lands() -> None:
    for source in sorted(DOCS.glob("*.md")):
        text = source.read_text(encoding="utf-8")
        for target, _, fragment in re.findall(r"\]\(([a-z-]*\.md|)(#([^)]*))?\)", text):
            path = DOCS / target if target else source
            assert path.is_file(), f"docs/{source.name} links to a missing {target}"
            if fragment:
                headings = re.findall(r"^#+ (.*)$", path.read_text("utf-8"), flags=re.M)
                anchors = {anchor(heading) for heading in headings}
                assert fragment in anchors, f"docs/{source.name}: no #{fragment} in {path.name}"
