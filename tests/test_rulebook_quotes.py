"""Rule texts in the rules' own words: every quote a shipped rulebook carries is found, exactly, in
the seed it names (the copies in ``tests/seeds/``); every quote names a rule the rulebook has; every
rule a Russian seed states is quoted, and the rules judged seed-silent are listed here with the
reason.  A bad quote in a house rulebook is refused at file:line; ``rulebook show``, the table's
``?`` and a ruling give the quote under the rule's English text."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from rich.console import Console

from referee.cli.dispute import print_ruling
from referee.dispute.decide import decide
from referee.dispute.pdf import ruling_html
from referee.dispute.questions import classify
from referee.errors import RulebookError
from referee.handfile import read_night
from referee.handfile.replay import replay_night_file
from referee.recording.live_table import LiveTable, Said
from referee.resources import rulebooks_dir
from referee.rulebook import QUOTE_SOURCES, Quote, Rulebook, load_rulebook, shipped_rulebook_names
from referee.store.store import SeatSpec, open_store

from helpers.cli import invoke

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "tests" / "seeds"
GOLDEN = ROOT / "tests" / "golden"

#: The rules of a shipped rulebook built on a Russian seed that have no quote, and why.  Every other
#: rule of such a rulebook must carry the seed's sentence.  ``house.*`` rules are referee's own (the
#: seeds are silent on a night that breaks up mid-hand) and never have one.
SEED_SILENT: dict[str, dict[str, str]] = {
    "five_card_stud": {
        "stud.3.1": "the bring-in: seed-003 has none (pagat-stud)",
        "stud.6": "the later streets and the showdown: seed-003 stops after the first betting round (wiki-5cs, pagat-stud)",
    },
    "whiskey_poker": {
        "whiskey.6.1": "stated by seed-004, the English pagat copy, not by the Russian seed-000",
        "whiskey.6.2": "stated by seed-004, the English pagat copy, not by the Russian seed-000",
        "whiskey.6.3": "stated by seed-004, the English pagat copy, not by the Russian seed-000",
        "whiskey.6.4": "stated by seed-004, the English pagat copy, not by the Russian seed-000",
    },
    "three_card_brag": {
        "brag.8.5": "when a blind player stops being blind: seed-001 is silent, the reading is referee's",
        "brag.9.3": "when and how a cover closes a pot: seed-001 says only that later bets go to a side pot (brag.9.1)",
        "brag.9.4": "the order the pots are decided in: seed-001 is silent",
    },
    "nine_card_brag": {
        "brag9.3.1": "which of a player's later hands may come in either order: seed-001 is silent",
    },
    "stop_the_bus": {
        "stopbus.6.1": "a player whose chips run out: seed-001 is silent",
    },
}

#: The shipped rulebooks whose header names a Russian seed (checked below against the headers, so a
#: rulebook cannot drop out of the coverage test unnoticed).
RUSSIAN = {"straight_draw", "jackpots", "five_card_stud", "whiskey_poker", "three_card_brag", "seven_card_brag",
           "nine_card_brag", "stop_the_bus"}


def seed_text(source: str) -> str:
    """The seed ``seed-NNN`` as the copy in ``tests/seeds/`` holds it."""
    number = source.removeprefix("seed-")
    (path,) = SEEDS.glob(f"{number}_*.txt")
    return path.read_text(encoding="utf-8")


def all_quotes(book: Rulebook) -> list[tuple[str, Quote]]:
    """Every quote of ``book``: its rules', and each option value's (not only the values in force)."""
    found = [(rule_id, quote) for rule_id, quote in book.quotes.items()]
    for name, quoted in book.option_quotes.items():
        if isinstance(quoted, Quote):
            found.append((name, quoted))
        else:
            found.extend((f"{name} = {value}", quote) for value, quote in quoted.items())
    return found


def found_verbatim(quote: str, seed: str) -> bool:
    """The quote is in the seed exactly; a quote cut short marks each cut with «…», and its pieces are
    then found in order.  No whitespace is folded: the seeds hold one paragraph per line, so no
    sentence of theirs is wrapped."""
    at = 0
    for piece in (p.strip() for p in quote.split("…")):
        if not piece:
            continue
        at = seed.find(piece, at)
        if at < 0:
            return False
        at += len(piece)
    return True


def header_seeds(name: str) -> set[str]:
    """The seeds a shipped rulebook's header comment names."""
    text = (rulebooks_dir() / f"{name}.toml").read_text(encoding="utf-8")
    header = text.split("[rulebook]", 1)[0]
    return set(re.findall(r"seed-\d{3}", header))


# ------------------------------------------------------------------ the shipped quotes


def test_the_seed_copies_hold_one_paragraph_per_line() -> None:
    """Why quotes are matched without folding whitespace: no seed wraps a line mid-sentence (every
    line ends a sentence, a heading, a list item or an introduction to a list)."""
    for source in ("seed-000", "seed-001", "seed-002", "seed-003", "seed-004"):
        for line in seed_text(source).splitlines():
            assert not line or line.rstrip()[-1] in ".:;!?|»)]" or len(line.split()) <= 6, (source, line)


@pytest.mark.parametrize("name", shipped_rulebook_names())
def test_every_quote_is_the_seeds_own_words(name: str) -> None:
    book = load_rulebook(name)
    for rule_id, quote in all_quotes(book):
        assert quote.source.startswith("seed-"), (name, rule_id, quote.source)
        assert quote.text == quote.text.strip(), f"{name} {rule_id}: a quote begins and ends with the seed's words"
        assert found_verbatim(quote.text, seed_text(quote.source)), f"{name} {rule_id}: not in {quote.source}"


@pytest.mark.parametrize("name", shipped_rulebook_names())
def test_every_quote_names_a_rule_of_its_rulebook(name: str) -> None:
    """Read from the file itself, so a quote is checked even where the loader would let it pass."""
    data = tomllib.loads((rulebooks_dir() / f"{name}.toml").read_text(encoding="utf-8"))
    book = load_rulebook(name)
    for rule_id in data.get("quotes", {}):
        assert rule_id in book.rules, (name, rule_id)
    for option, values in data.get("option_quotes", {}).items():
        assert option in book.options, (name, option)
        for value in values:
            assert value in ("source", "text") or value in book.spec(option).choices or value.isdigit(), (name, value)


def test_the_rulebooks_built_on_a_russian_seed_are_the_ones_checked() -> None:
    russian = {name for name in shipped_rulebook_names()
               if any(QUOTE_SOURCES.get(seed) == "ru" for seed in header_seeds(name))}
    assert russian == RUSSIAN
    assert header_seeds("la_viuda") == {"seed-004"}  # the one rulebook of an English seed only


@pytest.mark.parametrize("name", sorted(RUSSIAN))
def test_each_rule_a_russian_seed_states_is_quoted(name: str) -> None:
    book = load_rulebook(name)
    silent = SEED_SILENT.get(name, {})
    for rule_id in book.rule_ids():
        if rule_id.startswith("house.") or rule_id in silent:
            assert not book.rule_quotes(rule_id), f"{name} {rule_id} is judged seed-silent but has a quote"
        else:
            assert book.rule_quotes(rule_id), f"{name} {rule_id}: the seed states it, give its sentence"
    assert set(silent) <= set(book.rules), set(silent) - set(book.rules)


def test_quotes_per_rulebook() -> None:
    """The coverage in figures (rules quoted, rules judged seed-silent, house rules), each worked out
    from the list above: a rule quoted or left out by mistake changes them."""
    counts = {}
    for name in sorted(RUSSIAN):
        book = load_rulebook(name)
        quoted = sum(1 for r in book.rule_ids() if book.rule_quotes(r))
        counts[name] = (quoted, len(SEED_SILENT.get(name, {})), sum(r.startswith("house.") for r in book.rules))
    assert counts == {
        "five_card_stud": (8, 2, 2),
        "jackpots": (33, 0, 2),  # 15 of its own, 18 of straight_draw's
        "nine_card_brag": (7, 1, 2),
        "seven_card_brag": (10, 0, 2),
        "stop_the_bus": (6, 1, 2),
        "straight_draw": (18, 0, 2),
        "three_card_brag": (23, 3, 2),
        "whiskey_poker": (15, 4, 2),
    }


def test_a_rule_split_into_sub_rules_gives_each_quote_once() -> None:
    """jackpots.1.1 and jackpots.1.2 rest on one sentence of seed-003: citing jackpots.1 gives it once,
    then jackpots.1.3's."""
    book = load_rulebook("jackpots")
    both, after = book.rule_quotes("jackpots.1")
    assert both.text.startswith("Подобное недопустимо, и никто не может сделать начальную ставку")
    assert after.text.startswith("После того как один из игроков открывает торги")
    assert [q.source for q in book.rule_quotes("draw.7")] == ["seed-002"] * 7


def test_an_option_is_quoted_for_its_value_in_force() -> None:
    book = load_rulebook("jackpots")
    (usual,) = book.rule_quotes("jackpots.false_open_penalty")
    assert usual == Quote("seed-003", "Как правило, оно состоит в том, что виновный отдает по одной фишке каждому "
                                      "из остальных игроков.")
    (other,) = book.with_options({"jackpots.false_open_penalty": "ante_for_all_next_deal"}).rule_quotes(
        "jackpots.false_open_penalty")
    assert other.text.startswith("Возможен другой вариант наказания")
    # a whole-number option is quoted at the seed's own number only: "не больше чем на пять"
    assert book.rule_quotes("draw.limit_post")
    assert book.with_options({"draw.limit_post": 10}).rule_quotes("draw.limit_post") == ()


# ------------------------------------------------------------------ house rulebooks


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house.toml"
    path.write_text('[rulebook]\nextends = "jackpots"\n\n[rules]\n"house.1" = "Cards speak."\n\n' + text,
                    encoding="utf-8")
    return path


def test_a_house_rulebook_gives_its_own_rules_in_both_languages(tmp_path: Path) -> None:
    path = write(tmp_path, '[quotes]\n"house.1" = { source = "house", text = "Карты говорят сами за себя." }\n')
    book = load_rulebook(path)
    assert book.rule_quotes("house.1") == (Quote("house", "Карты говорят сами за себя."),)
    assert book.rule_quotes("jackpots.9")[0].source == "seed-003"  # the shipped quotes are inherited


def test_a_rule_worded_anew_loses_the_quote_it_inherited(tmp_path: Path) -> None:
    """The seed's sentence no longer says a rule the house has changed: it is not quoted for it."""
    path = write(tmp_path, '"jackpots.9" = "At Bob\'s the pot stays for the next deal."\n'
                           '[option_rules."jackpots.false_open_penalty"]\n'
                           'pay_each_other_player_1 = "At Bob\'s the false opener pays one chip to each player."\n')
    book = load_rulebook(path)
    assert book.rule_quotes("jackpots.9") == ()
    assert book.rule_quotes("jackpots.false_open_penalty") == ()
    assert book.rule_quotes("jackpots.10")  # the rules it left alone keep theirs
    assert book.with_options({"jackpots.false_open_penalty": "ante_for_all_next_deal"}).rule_quotes(
        "jackpots.false_open_penalty")


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('[quotes]\n"house.2" = { source = "house", text = "Карты." }\n', 8, "quote of unknown rule 'house.2'"),
        ('[quotes]\n\n"jackpots.9" = { source = "seed-007", text = "Если же" }\n', 9,
         "quote of jackpots.9 names an unknown source 'seed-007'"),
        ('[quotes]\n"jackpots.9" = { source = "seed-003", text = "  " }\n', 8, "quote of jackpots.9 is empty"),
        ('[quotes]\n"jackpots.9" = { source = "seed-003" }\n', 8, "quote of jackpots.9 is empty"),
        ('[quotes]\n"jackpots.9" = {}\n', 8, "quote of jackpots.9 is empty"),
        ('[quotes]\n"jackpots.9" = { text = "Если же" }\n', 8, "quote of jackpots.9 has no source"),
        ('[quotes]\n"jackpots.9" = "Если же"\n', 8, "quote of jackpots.9 must be a table"),
        ('[quotes]\n"jackpots.9" = { source = "seed-003", text = "Если", page = 32 }\n', 8,
         "unknown key 'page' in the quote of jackpots.9"),
        ('[quotes]\n"draw.max_draw" = { source = "seed-002", text = "Игрок" }\n', 8,
         "quote of unknown rule 'draw.max_draw'"),
        ('[option_quotes."jackpots.min_open"]\nQQQ = { source = "seed-003", text = "пары валетов" }\n', 8,
         "option_quotes: 'jackpots.min_open' has no value 'QQQ'"),
        ('[option_quotes]\n"draw.limit_prx" = { source = "seed-002", text = "Перед" }\n', 8,
         "option_quotes: unknown option 'draw.limit_prx'"),
    ],
)
def test_a_bad_quote_is_refused_at_its_line(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(RulebookError) as info:
        load_rulebook(path)
    assert (info.value.where, info.value.message) == (f"{path}:{line}", message)
    assert info.value.hint


def test_check_refuses_a_bad_quote_in_one_line(tmp_path: Path) -> None:
    path = write(tmp_path, '[quotes]\n"jackpots.9" = { source = "seed-3", text = "Если же" }\n')
    result = invoke("rulebook", "check", str(path))
    assert result.exit_code == 2
    assert f"{path}:8: quote of jackpots.9 names an unknown source 'seed-3'" in result.output
    assert "Hint: did you mean 'seed-003'?" in result.output and "Traceback" not in result.output


# ------------------------------------------------------------------ where the quotes are shown


def test_show_prints_each_quote_under_the_rules_english_text() -> None:
    result = invoke("rulebook", "show", "five_card_stud")
    assert result.exit_code == 0, result.output
    lines = [line.strip(" │") for line in result.output.splitlines()]
    at = next(i for i, line in enumerate(lines) if line.startswith("stud.5.2"))
    assert lines[at].endswith("If all players fold, there is a new deal.")
    assert lines[at + 1] == "«В последнем случае проводится новая сдача.» (seed-003)"
    unquoted = next(i for i, line in enumerate(lines) if line.startswith("stud.6 "))
    end = next(i for i in range(unquoted, len(lines)) if lines[i].startswith("└"))
    assert not any("«" in line for line in lines[unquoted:end])  # a seed-silent rule shows no quote


def test_show_json_gives_the_quotes_with_their_sources() -> None:
    import json

    result = invoke("rulebook", "show", "whiskey_poker", "--json")
    assert result.exit_code == 0, result.output
    quotes = json.loads(result.output)["quotes"]
    assert quotes["whiskey.3.3"] == [{"source": "seed-000", "text": "Закрытие можно произвести одновременно с заменой карт."}]
    assert "whiskey.6.1" not in quotes and "house.90.1" not in quotes


def test_question_mark_quotes_the_seed_when_the_table_asks_for_quotes(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        session = store.new_session(table_name="Kitchen", rulebook="jackpots", chip_value_cents=25, options={},
                                    seats=[SeatSpec(n, 100) for n in ("Ann", "Bob", "Cy", "Dee")])
        assert session.id is not None
        for quote_rules in (False, True):
            table = LiveTable(store, session.id, quote_rules=quote_rules)
            if quote_rules is False:
                table.enter("new hand")
                table.enter("bob open 2")
            said = table.enter("?")
            assert isinstance(said, Said)
            lines = said.text.splitlines()
            at = lines.index(f"  draw.4.2: {table.rulebook.rule_text('draw.4.2')}")
            quote = ("    «Однако, как только один из игроков сделал ставку, чек уже невозможен. Игрокам остаётся только "
                     "поддержать ставку (call), поднять её (raise) или спасовать.» (seed-002)")
            assert (lines[at + 1] == quote) is quote_rules
            assert ("«" in said.text) is quote_rules


def test_a_ruling_asked_for_quotes_gives_the_seeds_sentence() -> None:
    """Jackpots golden night 15: the false open found at the showdown, ruled by jackpots.9 ("Если же
    нарушение обнаруживается при открытии карт, банк выигрывает игрок, имеющий наивысшую комбинацию")."""
    night = read_night(GOLDEN / "jackpots" / "15_false_open_found_at_showdown.txt")
    topic = classify("Cy says Bob's open was false")
    assert topic is not None
    plain = decide(night, replay_night_file(night), 1, 2, "Cy says Bob's open was false", topic)
    quoted = decide(night, replay_night_file(night), 1, 2, "Cy says Bob's open was false", topic, quotes=True)
    assert plain.quoted == () and quoted.rule == "jackpots.9"
    sentence = "«Если же нарушение обнаруживается при открытии карт, банк выигрывает игрок, имеющий наивысшую комбинацию.» (seed-003)"
    assert quoted.quotes_of("jackpots.9") == (sentence,)
    console = Console(record=True, width=300)
    print_ruling(console, quoted)
    lines = console.export_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Rule jackpots.9: "))
    assert lines[at + 1].strip() == sentence
    assert sentence in ruling_html(quoted)
    assert "«" not in ruling_html(plain)
