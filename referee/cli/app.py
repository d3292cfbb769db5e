"""The top-level typer app: groups, ``--version``, and the one error style.

Every :class:`~referee.errors.RefereeError` raised by any command is caught once, here, in
:class:`RefereeGroup.invoke`, printed as ``Error: …`` plus a hint, and turned into its exit code: 2
for something to fix, 75 for a retryable race or outage (:class:`~referee.errors.RetryableError`).
A command asked again that finds its own fact (:class:`~referee.errors.AlreadyRecorded`) says
``Already recorded: …`` and exits 0.
"""

import inspect
import re
import sys
from functools import cache
from importlib import import_module
from typing import Any

import typer
import typer.main
from typer.core import TyperGroup

from referee import __version__, i18n
from referee.errors import AlreadyRecorded, RefereeError, shortened
from referee.i18n import N_, _


def print_error(err: RefereeError) -> None:
    """``Error: <where>: <message>`` and the hint, on stderr, in the one style of the project."""
    from referee.cli.output import console  # rich loads only when something is printed (not by a one-shot act)
    from referee.plain_words import literal
    out = console(stderr=True, soft_wrap=True)  # the message may quote what the user typed: print it as typed
    out.print("[bold red]" + _("Error:") + f"[/] {literal(shortened(str(err)))}")
    if err.hint:
        out.print("[dim]" + _("Hint:") + f"[/] {literal(shortened(err.hint))}")


def print_already(done: AlreadyRecorded) -> None:
    """``Already recorded: …``, on stdout: a command asked again found its own fact (exit 0)."""
    from referee.cli.output import console  # rich loads only when something is printed (not by a one-shot act)
    from referee.plain_words import literal
    text = str(done)
    console(soft_wrap=True).print(literal(text[0].upper() + text[1:]))


def print_usage_error(err: Any) -> None:
    """A click usage error (a missing argument, a mistyped option, a word where a number goes) in the
    one style too: ``Error: <command>: <what>`` and a hint with the usage, two lines, no panel."""
    from referee.cli.output import console  # rich loads only when something is printed (not by a one-shot act)
    from referee.plain_words import literal
    ctx = getattr(err, "ctx", None)

    message = shortened(" ".join(usage_words(err).split()))
    option = getattr(err, "option_name", None)
    if type(err).__name__ == "NoSuchOption" and option and option[1:].isdigit():  # `session show -1`
        message = _("no session, hand or action is numbered {option}: they are numbered 1, 2, 3…").format(
            option=option)
    where = f"{ctx.command_path}: " if ctx is not None else ""
    out = console(stderr=True, soft_wrap=True)
    out.print("[bold red]" + _("Error:") + f"[/] {literal(where + message)}")
    if ctx is not None:
        usage = " ".join(ctx.get_usage().split())
        if usage.startswith("Usage: "):  # click's word, in the interface's language
            usage = _("Usage:") + usage[len("Usage:"):]
        out.print("[dim]" + _("Hint:") + "[/] "
                  + _("{usage}; `{command} --help` says more").format(usage=literal(usage),
                                                                      command=literal(ctx.command_path)))


#: typer's word for a number that is not one, said plainly
_NOT_A_NUMBER = "Input should be a valid integer, unable to parse string as an integer"
#: the parameter a click usage error names, as it names it
_NO_COMMAND = re.compile(r"No such command (?P<name>.+?)\.(?: Did you mean (?P<close>.+)\?)?$")
_EXTRA = re.compile(r"Got unexpected extra argument(?:s|\(s\))? \((?P<arguments>.*)\)$")
_NAMED = re.compile(r"(?:Missing (?:argument|option|parameter)|Invalid value for) (?P<name>.+?)(?:\.|: )")


def usage_words(err: Any) -> str:
    """What a click usage error says, in the interface's language.  Click's English is the source
    (printed as click words it); in another language the usual errors (a missing argument or option,
    an unknown option or command, a bad value, an extra argument) are said from their parts."""
    english = " ".join(err.format_message().replace(_NOT_A_NUMBER, "expected a whole number").split())
    if not i18n.translating():
        return english
    named = _NAMED.match(english)  # the parameter as click names it ('SESSION', '--pdf')
    hint = named["name"] if named else None
    close = getattr(err, "possibilities", None)
    maybe = (" " + _("Did you mean {names}?").format(names=", ".join(close))) if close else ""
    kinds = {kind.__name__ for kind in type(err).__mro__}  # typer's own click or click's: by name
    if "MissingParameter" in kinds:
        if english.startswith("Missing argument"):
            return _("Missing argument {name}.").format(name=hint or "")
        return _("Missing option {name}.").format(name=hint or "")
    if "NoSuchOption" in kinds:
        return _("No such option: {name}").format(name=err.option_name) + maybe
    unknown = _NO_COMMAND.match(english)  # typer's suggestions come as a plain usage error
    if unknown:
        names = (" " + _("Did you mean {names}?").format(names=unknown["close"])) if unknown["close"] else ""
        return _("No such command {name}.").format(name=unknown["name"]) + names
    if "BadParameter" in kinds:
        said = str(err.message).replace(_NOT_A_NUMBER, _("expected a whole number"))
        if hint:
            return _("Invalid value for {name}: {problem}").format(name=hint, problem=said)
        return _("Invalid value: {problem}").format(problem=said)
    extra = _EXTRA.match(english)
    if extra:
        return _("Got unexpected extra arguments ({arguments})").format(arguments=extra["arguments"])
    return english


#: Every command, in the order ``referee --help`` lists them: its name, its module in referee.cli, and
#: the function (a command) or the typer app (a group of commands) there.
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("demo", "demo", "demo"),
    ("table", "table", "table"),
    ("act", "act", "act"),
    ("replay", "replay", "replay"),
    ("dispute", "dispute", "dispute"),
    ("import", "transfer", "import_night"),
    ("export", "transfer", "export_session"),
    ("settle", "settle", "settle"),
    ("report", "report", "report"),
    ("serve", "serve", "serve"),
    ("standings", "standings", "standings"),
    ("import-ledger", "standings", "import_ledger"),
    ("player", "player", "app"),
    ("tab", "tab", "app"),
    ("season", "season", "app"),
    ("session", "session", "app"),
    ("rulebook", "rulebook", "app"),
    ("db", "db", "app"),
)


def summary(help_text: str) -> str:
    """A command's summary, as ``referee --help`` lists it: the first paragraph of its help (the
    catalog's text: :mod:`referee.cli.help_catalog` extracts the same)."""
    return (paragraphs(help_text) or "").split("\n\n")[0]


def _build_command(name: str, module: str, attribute: str) -> Any:
    """The click command ``name``, built from its module (imported now) through typer's public API:
    registered on an app of its own, as ``app.command()`` or ``app.add_typer()`` would register it on
    the root, and built by ``typer.main.get_command``."""
    target = getattr(import_module(f"referee.cli.{module}"), attribute)
    holder = typer.Typer(add_completion=False, pretty_exceptions_short=True, suggest_commands=True,
                         rich_markup_mode="rich")
    if isinstance(target, typer.Typer):
        holder.add_typer(target, name=name)
        command = typer.main.get_command(holder).commands[name]  # type: ignore[attr-defined]
    else:
        holder.command(name)(target)
        command = typer.main.get_command(holder)  # one command: typer builds it alone, not a group
    command = _dressed(command, _lang_option())
    if i18n.translating():
        command.rich_help_panel = _("Commands")
    return command


def paragraphs(text: str | None) -> str | None:
    """A help text (a docstring) with each paragraph on one line, paragraphs a blank line apart: typer's
    rich help prints a docstring's own line breaks (and the list of commands its first paragraph's),
    which break a sentence where the source was wrapped; the terminal wraps a paragraph at its width."""
    if not text:
        return text
    return "\n\n".join(" ".join(p.split()) for p in inspect.cleandoc(text).split("\n\n"))


def _dressed(command: Any, lang: Any) -> Any:
    """``command`` and its subcommands as ``--help`` shows them, in the interface's language: each
    help in :func:`paragraphs` and translated (the catalog holds them: :mod:`referee.cli.help_catalog`),
    its summary (its line in its group's list) and the help of each option and argument translated, no
    type shown after a flag (typer shows ``<bool>`` after ``--json`` or ``--help``, which take no
    value), and ``--lang`` taken after the command's name too (``referee settle 1 --lang ru``).

    The commands are built when a run asks for them (:class:`RefereeGroup`), after the language is
    chosen (:meth:`RefereeGroup.main`): their texts are translated then, from the English that typer
    keeps as the commands were defined.  Where a panel has typer's English title (Options,
    Arguments, Commands) it is given its own title in the interface's language (typer's public
    ``rich_help_panel``)."""
    translating = i18n.translating()
    if command.help:  # its line in its group's list (its summary: the catalog has it apart), and its help
        english = paragraphs(command.help) or ""
        command.short_help = _(summary(english))
        command.help = _(english)
    if not any("--lang" in param.opts for param in command.params):
        command.params.append(lang)
    params = [*command.params, command.get_help_option(typer.Context(command))]
    for param in params:
        if param is None:
            continue
        if getattr(param, "is_flag", False):
            param.metavar = ""
        if param.name == "help":
            param.help = _(ROOT_HELP["help"])
        elif param is not lang and getattr(param, "help", None):
            param.help = _(param.help)
        if translating and param is not lang and not getattr(param, "rich_help_panel", None):
            param.rich_help_panel = _("Arguments") if param.param_type_name == "argument" else _("Options")
    for sub in getattr(command, "commands", {}).values():
        _dressed(sub, lang)
        if translating and not getattr(sub, "rich_help_panel", None):
            sub.rich_help_panel = _("Commands")
    return command


def check_lang(lang: str | None) -> None:
    """Refuse a ``--lang`` that names no language referee speaks."""
    if lang is not None and not i18n.speaks(lang):
        from referee.errors import InputError

        raise InputError(_("no language {lang!r} here").format(lang=lang), where="--lang",
                         hint=_("give one of: {languages}").format(languages=", ".join(i18n.available())))


class RefereeGroup(TyperGroup):
    """The root command group: turns a RefereeError from any subcommand into ``Error: …`` and its exit code;
    click's usage errors are printed in that style too (not typer's panel).

    Its commands are built when asked for (:data:`COMMANDS`): ``referee act`` imports and builds
    ``act`` alone, not the other thirteen commands' modules and parameters (a one-shot ``act`` is
    started for every line a script records); ``referee --help`` and completion build them all."""

    def get_params(self, ctx: Any) -> list[Any]:
        params = super().get_params(ctx)
        for param in params:  # --version, --help, completion: flags, no <bool> after them in the help
            if getattr(param, "is_flag", False):
                param.metavar = ""
            if param.name in ROOT_HELP:  # the root's own options, in the interface's language
                param.help = _(ROOT_HELP[param.name])
            if i18n.translating() and not getattr(param, "rich_help_panel", None):
                param.rich_help_panel = _("Options")
        return params

    def get_help(self, ctx: Any) -> str:
        self.help = _(ABOUT)
        return super().get_help(ctx)

    def list_commands(self, ctx: Any) -> list[str]:
        return [name for name, _, _ in COMMANDS]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        known = [name for name, _, _ in COMMANDS]
        wanted = [cmd_name] if cmd_name in known else known  # a typo: all of them, for "did you mean"
        for name, module, attribute in COMMANDS:
            if name in wanted and name not in self.commands:
                self.commands[name] = _build_command(name, module, attribute)
        return super().get_command(ctx, cmd_name)

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        given = kwargs.get("args", args[0] if args else None)
        # the language is chosen before the help is written, for this command only (a caller in the
        # same process, a test's CliRunner, speaks its own language again afterwards)
        with i18n.speaking(lang_asked(sys.argv[1:] if given is None else list(given))):
            return self._main(*args, standalone_mode=standalone_mode, **kwargs)

    def _main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except typer.TyperException as err:  # click's usage errors: typer's ClickException is one
            if type(err).__name__ != "NoArgsIsHelpError":  # the help was printed: nothing to add
                print_usage_error(err)
            sys.exit(err.exit_code)
        except typer.Abort:  # Ctrl-C or a closed input
            typer.echo(_("Aborted!"), err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        for number, arg in enumerate(args, 1):  # bytes that are not UTF-8 reach Python as lone surrogates
            try:
                arg.encode("utf-8")
            except UnicodeEncodeError:
                from referee.errors import InputError, excerpt

                print_error(InputError(_("argument {number} ({text}) holds bytes that are not UTF-8 text").format(
                                           number=number, text=excerpt(arg)),
                                       where=ctx.command_path or "referee",
                                       hint=_("set the terminal or the script to UTF-8 and give it again")))
                ctx.exit(2)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except AlreadyRecorded as done:  # asked again (a lost reply, a twin): nothing new stored, all is well
            print_already(done)
            return 0
        except RefereeError as err:
            print_error(err)
            raise typer.Exit(err.exit_code) from None


def lang_asked(args: list[str]) -> str | None:
    """The value of ``--lang`` among ``args``, the root's or the command's (the last one given), read
    before click parses them, so that the help and the usage errors of the parsing are in that
    language already; nothing after ``--`` is an option."""
    asked = None
    words = iter(args)
    for word in words:
        if word == "--":
            break
        if word == "--lang":
            asked = next(words, None)
        elif word.startswith("--lang="):
            asked = word.partition("=")[2]
    return asked


#: what referee is, at the head of ``referee --help``
ABOUT = N_("Hand-history recorder and dispute referee for home poker games.")
#: the help of the root's own options
ROOT_HELP = {
    "version": N_("Show the version and exit."),
    "db": N_("Database URL for every command (also REFEREE_DB); see `referee db info`."),
    "lang": N_("The language of every message: ru, en "
               "(also REFEREE_LANG, else LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."),
    "help": N_("Show this message and exit."),
    "install_completion": N_("Install completion for the current shell."),
    "show_completion": N_("Show completion for the current shell, to copy it or customize the installation."),
}

def _lang_option() -> Any:
    """The ``--lang`` option every command takes after its name, its help in the interface's
    language: its value is checked, and the language was chosen already (:func:`lang_asked`)."""
    option = _built_lang_option()
    option.help = _(ROOT_HELP["lang"])
    option.rich_help_panel = _("Options") if i18n.translating() else None
    return option


@cache
def _built_lang_option() -> Any:
    """The ``--lang`` option as typer builds an option, once (every command shares it: an option
    holds nothing of the command it is given to)."""
    holder = typer.Typer(add_completion=False)
    holder.command()(_takes_lang)
    return typer.main.get_command(holder).params[0]


def _takes_lang(
    lang: str | None = typer.Option(None, "--lang", metavar="LANG", help=ROOT_HELP["lang"],  # noqa: ARG001
                                    callback=lambda value: check_lang(value), expose_value=False),
) -> None:
    """A command that only takes ``--lang``: where :func:`_lang_option` gets it from."""


app = typer.Typer(
    name="referee",
    cls=RefereeGroup,
    help=ABOUT,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    ctx: typer.Context,
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help=ROOT_HELP["version"]
    ),
    db: str | None = typer.Option(
        None, "--db", metavar="URL", help=ROOT_HELP["db"],
    ),
    lang: str | None = typer.Option(None, "--lang", metavar="LANG", help=ROOT_HELP["lang"]),
) -> None:
    """Hand-history recorder and dispute referee for home poker games."""
    ctx.meta["referee.db"] = db  # read by referee.cli.db.open_for; a command's own --db wins
    check_lang(lang)


def main() -> None:
    """Console-script entry point."""
    app(prog_name="referee")
