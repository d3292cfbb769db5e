"""The night's report in Russian: the terminal report of a night recorded in English (its money and
dates in the night's own locale, its words in the reader's language), the chip words' three plural
forms, the PDF read back (pypdf) and drawn (pdftoppm), every line of the report marked (the
pseudo-language), and the figures kept in the store staying English whoever read them first.  English stays the suite's language: each test asks for Russian."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from referee import i18n
from referee.cli import app
from tests.test_report import FRIDAY, MISCOUNT, pdf_text

NBSP = "\u00a0"
runner = CliRunner()


def referee(*args: str) -> Result:
    return runner.invoke(app, list(args), terminal_width=200, env={"COLUMNS": "200"})


def lines(text: str) -> list[str]:
    """Each line with its runs of spaces (and no-break spaces) as one space, a rule's line drawn as
    its words alone."""
    return [" ".join(line.replace(NBSP, " ").replace("─", " ").split()) for line in text.splitlines()]


@pytest.fixture(scope="module")
def english_demo(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The demo night recorded in English (its money in en_GB: €39.00), closed, settled, one paid."""
    url = f"sqlite:///{tmp_path_factory.mktemp('demo') / 'demo.sqlite3'}"
    result = referee("--lang", "en", "demo", "--db", url)
    assert result.exit_code == 0, result.output
    return url


def test_a_night_recorded_in_english_reports_in_russian(english_demo: str) -> None:
    """The demo night (tests/test_report.py reads it in English): Eve bought 10 chips and counted 49,
    +€39.00; three transfers, exact; Cy paid Eve €32.00; hand 7 a false open that cost Cy one chip to
    each of Dee, Ann and Bob; 1 of the 9 hands listed.  In Russian the words change, the money keeps
    the night's own locale (en_GB), the English night and its log untouched."""
    result = referee("--lang", "ru", "report", "1", "--db", english_demo)
    assert result.exit_code == 0, result.output
    said = lines(result.output)
    assert said[0].startswith("Сессия 1 · Ann's kitchen · ") and said[0].endswith(" UTC · закрыт")
    assert said[1] == ("Игры: La Viuda, Jackpots, Three-card Brag · игроки: Ann, Bob, Cy, Dee, Eve · "
                       "фишка стоит €1.00 · деньги в EUR (en_GB)")
    for line in (
        "Места",
        "# Игрок Куплено Подсчитано Результат",
        "1 Eve 10 49 +€39.00",
        "5 Cy 42 10 −€32.00",
        "Ведомость",
        "Игрок Куплено Заплачено Обменено Игры Итог",
        "Ann 40 €40.00 31 +€6.00 −€3.00",
        "Фишки: 174 куплено + 1 добавлено играми − 5 снято играми = 170 обменено: сходится",
        "Деньги сходятся: итоги в сумме дают ноль; недостача или излишек вечера распределяется "
        "пропорционально между проигравшими (по умолчанию).",
        "Расчёт",
        "3 перевода (точно):",
        "# Кто платит Кому Сумма",
        "1 Bob Dee €9.00",
        "оплачено: Cy → Eve: €32.00",
        "Замечания и решения",
        "раздача 2: Bob выкупает La Viuda: двойная цена фишки, в фонд (−€2.00)",
        "раздача 5: Ann остаётся в игре и забирает фонд €8.00: 2 фишки ещё на столе, €6.00 от банкира (+€6.00)",
        "заметка раздача 8: все сказали чек: раздача недействительна, банк 4 остаётся [draw.all_check]",
        "Штрафы",
        "раздача 1: Bob платит 1 в копилку [laviuda.4]",
        "раздача 7: Cy платит 1 игроку Dee [jackpots.false_open_penalty]",
        "Раздачи с замечанием или решением (1 из 9)",
        "# Игра Сдающий Конец Что произошло Банк Замечания",
        "Все раздачи: referee report 1 --hands all",
    ):
        assert line in said, line
    assert any(line.startswith("решение раздача 7, действие 2: Dee says Cy's open was false — ") for line in said)
    assert "[jackpots.9] (решено по журналу)" in " ".join(said)  # the ruling's own words are the engine's
    assert any(line.startswith("заметка раздача 8: ") for line in said)
    english = lines(referee("report", "1", "--db", english_demo).output)
    assert "3 transfers (exact):" in english and "paid: Cy paid Eve €32.00" in english


@pytest.mark.parametrize(("bought", "cashed", "words"), [
    (480, 476, "Фишки: куплено 480, обменено 476 (вернулось на 4 меньше, чем куплено: излишек 4 фишки)"),
    (480, 475, "Фишки: куплено 480, обменено 475 (вернулось на 5 меньше, чем куплено: излишек 5 фишек)"),
    (480, 479, "Фишки: куплено 480, обменено 479 (вернулось на 1 меньше, чем куплено: излишек 1 фишка)"),
    (480, 501, "Фишки: куплено 480, обменено 501 (вернулось на 21 больше, чем куплено: недостача 21 фишка)"),
    (480, 480, "Фишки: куплено 480, обменено 480 (сходится)"),
])
def test_the_chips_a_close_finds_short_or_over_take_russian_plural_forms(bought: int, cashed: int,
                                                                         words: str) -> None:
    from referee.report.words import cash_out_words

    with i18n.speaking("ru"):
        assert cash_out_words(bought, cashed) == words


def test_a_nights_words_kept_in_the_store_stay_english_and_read_in_either_language(sqlite_url: str) -> None:
    """Friday's night closed 4 chips over (Dee counted 104 where the log gives 108, Ann confirming),
    absorbed pro rata to the losers; it names no money locale, so money is written in the reader's.  ``settle`` in Russian keeps the night's figures first; what is
    kept is the English words with their message, and ``settle`` in English then reads English."""
    from referee.handfile import read_night
    from referee.recording.night_file import record_night
    from referee.store.store import open_store

    with open_store(sqlite_url) as store:
        record_night(store, read_night(FRIDAY), table_name="Friday", chip_value_cents=100)
    assert referee("session", "close", "1", *MISCOUNT, "--accept", "--by", "Ann", "--db", sqlite_url).exit_code == 0
    russian = referee("--lang", "ru", "settle", "1", "--db", sqlite_url)
    assert russian.exit_code == 0, russian.output
    assert ("Излишек 4,00 € (деньги остались: обменянные фишки стоят меньше, чем заплачено), распределяется "
            "пропорционально между проигравшими (по умолчанию): Bob +1,52 €, Cy +2,10 €, Eve +0,38 €"
            in " ".join(lines(russian.output)))
    with open_store(sqlite_url) as store:
        kept = json.dumps(store.kept_results([1])[1].document, ensure_ascii=False)
    assert not any("\u0400" <= c <= "\u04ff" for c in kept)  # no Cyrillic letter kept
    assert '"said": "{player} cashed out {count} chip, {chips} fewer than the log gives ({log}), confirmed by {by}"' \
        in kept
    english = referee("--lang", "en", "settle", "1", "--db", sqlite_url)
    assert ("Over by €4.00 (money left over: the chips cashed out are worth less than was paid in), absorbed pro "
            "rata to the losers (the default): Bob +€1.52, Cy +€2.10, Eve +€0.38" in " ".join(lines(english.output)))
    # Dee's 104 corrected to 108 in Russian: told in Russian, kept in the log in English
    assert referee("session", "reopen", "1", "--why", "recount", "--db", sqlite_url).exit_code == 0
    amended = referee("--lang", "ru", "session", "amend", "1", "--count", "Dee:108", "--why", "recount", "--db", sqlite_url)
    assert amended.exit_code == 0, amended.output
    assert "Исправлена сессия 1: подсчёт Dee исправлен с 104 на 108 (recount)" in lines(amended.output)
    with open_store(sqlite_url) as store:
        last = store.log_snapshot(1).events[-1]
    assert last.kind == "Amendment" and last.payload["what"] == "Dee's count corrected from 104 to 108"


def test_the_pdf_speaks_russian_and_draws_its_cyrillic(tmp_path: Path) -> None:
    """The demo recorded in Russian (its money in ru: 39,00 €), its PDF read back: the cover's facts,
    the figures' nouns in their plural forms (9 раздач, 3 перевода), the sections, the footer, the
    cited rule quoted in its seed's words; the document's language is ru; each page drawn holds ink (the shipped font has Cyrillic)."""
    from pypdf import PdfReader

    url = f"sqlite:///{tmp_path / 'demo.sqlite3'}"
    target = tmp_path / "night.pdf"
    result = referee("--lang", "ru", "demo", "--db", url, "--pdf", str(target))
    assert result.exit_code == 0, result.output
    pages = [page.replace(NBSP, " ") for page in pdf_text(target)]
    cover = pages[0]
    for words in ("Сессия 1 (закрыт)", "Игры La Viuda, Jackpots, Three-card Brag", "Цена фишки 1,00 € (EUR, запись для ru)",
                  "Журнал цепочка хешей проверена: не изменялся с момента записи", "9 раздач",
                  "1 недопустимое действие найдено", "1 спор решён", "3 перевода для расчёта", "Страница 1 из 4"):
        assert words in cover, words
    whole = " ".join(pages)
    for words in ("Места # Игрок Куплено фишек Фишек в конце Результат 1 Eve 10 49 +39,00 €",
                  "Ведомость Игрок Куплено Заплачено Обменено Игры Итог",
                  "Расчёт 3 перевода, меньше нельзя: # Кто платит Кому Сумма 1 Bob Dee 9,00 €",
                  "Уже оплачено: Cy → Eve: 32,00 €.",
                  "Споры и решения Раздача 7, действие 2: «Dee says Cy's open was false»",
                  "9 раздач, в них 2 замечания, 1 из них — недопустимое действие; каждое, кроме заметок, подробно "
                  "описано ниже при своей раздаче.",
                  "Bob платит 1 в копилку [laviuda.4] — раздачи 1, 2, 5",
                  "ОШИБКА Cy: ложное открытие обнаружено на вскрытии: банк получают остальные [jackpots.9] — раздача 7",
                  "La Viuda, раздачи 1–5 (Ann, Bob, Cy): фонд 8,00 €; La Viuda выкупил Bob в раздаче 2 за 2,00 €; "
                  "Ann остался в игре с 2 фишками и забирает его; в копилке было 5 фишек.",
                  "1; всего за вечер 9 раздач; все раздачи: referee report 1 --hands all.",
                  "7 · Jackpots · сдаёт Bob · вскрытие · банк 18 ·"):
        assert words in whole, words
    # the rule the night's ruling and illegal action cite, in seed-003's own words under its text
    quote = "«Если же нарушение обнаруживается при открытии карт, банк выигрывает игрок, имеющий наивысшую комбинацию.» (seed-003)"
    assert whole.count(quote) == 2, whole
    reader = PdfReader(target)
    assert reader.trailer["/Root"]["/Lang"] == "ru"
    fonts = {str(font.get_object()["/BaseFont"]).split("+")[-1]
             for page in reader.pages for font in page["/Resources"]["/Font"].values()}
    assert fonts and all(name.startswith("Referee-Sans") for name in fonts), fonts  # no fallback for a letter
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    subprocess.run(["pdftoppm", "-r", "50", "-gray", str(target), str(tmp_path / "page")], check=True, timeout=120)
    drawn = sorted(tmp_path.glob("page-*.pgm"))
    assert len(drawn) == len(pages)
    for page in drawn:
        data = page.read_bytes()
        dark = sum(1 for value in data[data.index(b"255\n") + 4:] if value < 160)
        assert dark > 300, f"{page.name} is blank ({dark} dark pixels)"


def test_every_line_of_the_report_is_marked(english_demo: str) -> None:
    """The pseudo-language brackets every marked string (``⟦Standings⟧``): a line of the report with
    none is a table's row of data (a rank, a player's name, a transfer's number) or a rule."""
    result = runner.invoke(app, ["--lang", i18n.PSEUDO, "report", "1", "--db", english_demo], terminal_width=400,
                           env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    said = [line for line in lines(result.output) if line]
    assert "⟦Standings⟧" in said and "⟦Hands with a finding or a ruling (1 of 9)⟧" in said
    rows = ("1 ", "2 ", "3 ", "4 ", "5 ", "Ann ", "Bob ", "Cy ", "Dee ", "Eve ")
    assert [line for line in said if "⟦" not in line and not line.startswith(rows)] == []


def test_la_viudas_money_is_kept_english_and_read_in_russian(sqlite_url: str) -> None:
    """The demo night recorded in Russian: Bob bought La Viuda in hand 2 (twice a chip's price, 1,00 €:
    −2,00 €) and Ann survived hand 5 with 2 chips of the 8,00 € fund, so the bank pays her 6,00 €.
    ``settle`` keeps the night's figures: the words kept are English with their message."""
    assert referee("--lang", "ru", "demo", "--db", sqlite_url).exit_code == 0
    russian = referee("--lang", "ru", "settle", "1", "--db", sqlite_url)
    assert russian.exit_code == 0, russian.output
    said = lines(referee("--lang", "ru", "report", "1", "--db", sqlite_url).output)
    assert "раздача 2: Bob выкупает La Viuda: двойная цена фишки, в фонд (−2,00 €)" in said
    from referee.store.store import open_store

    with open_store(sqlite_url) as store:
        kept = json.dumps(store.kept_results([1])[1].document["ledger"], ensure_ascii=False)
    assert not any("\u0400" <= c <= "\u04ff" for c in kept)  # no Cyrillic letter in the kept ledger
    assert '"said": "{player} buys La Viuda: twice a chip\'s price, into the fund"' in kept
    assert ('"said": "{player} survives and collects the fund of {fund}: {count} chip still on the table, {prize} '
            'from the bank"') in kept
