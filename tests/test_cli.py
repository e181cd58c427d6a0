"""The ``pushrummy`` command: play, watch, simulate, replay — in-process and as a subprocess.

Game counts are small and seeds are chosen for quick games: the point is the
command's behaviour (output, exit status, robustness to bad input), not the bots.
"""

from __future__ import annotations

import builtins
import contextlib
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import pushrummy as pr
from pushrummy.cli import main
from pushrummy.cli.common import Names, UsageError, build_variant, parse_bots, plural
from pushrummy.cli.describe import settlement
from pushrummy.cli.play import COMPACT_OVER, PlaySession, help_text, order_moves
from pushrummy.cli.render import Output, can_encode, rich_available
from pushrummy.cli.simulate import _Progress
from pushrummy.notation import format_move

ROOT = Path(__file__).resolve().parent.parent
JUNK = [
    "",
    "zzz",
    "999",
    "discard XS",
    "off JK on 99",
    "\U0001f4a9♥\u200b ñ \x00 \ufffd junk",
    "x" * 20_000,
    "down / / /",
    "take take",
    "0",
    "-1",
    "١٢",
    "meld JK",
    "exchange 6H on 2 at 99",
]


def run_cli(
    argv: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    stdin: str = "",
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run_subprocess(
    args: list[str], stdin: bytes = b"", timeout: float = 120
) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8", COLUMNS="100")
    return subprocess.run(
        [sys.executable, *args],
        input=stdin,
        capture_output=True,
        timeout=timeout,
        cwd=ROOT,
        env=env,
        check=False,
    )


@pytest.fixture
def no_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``import rich`` fail, as when the optional extra is not installed."""
    for name in list(sys.modules):
        if name == "rich" or name.startswith("rich."):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "rich", None)


# -- help, version, options -------------------------------------------------------------------


@pytest.mark.parametrize("command", [[], ["play"], ["watch"], ["simulate"], ["replay"]])
def test_help(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: pushrummy")
    assert "exit status" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"pushrummy {pr.__version__}"


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "play" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["watch", "--bots", "greedy,clever"], "unknown bot 'clever'"),
        (["watch", "--variant", "cap-it", "--players", "7"], "4, 5, 6 players, not 7"),
        (["watch", "--players", "5"], "push is played by 4 players"),
        (["watch", "--variant", "contract-rummy", "--players", "2"], "3, 4, 5, 6, 7, 8 players"),
        (["watch", "--bots", "greedy,greedy,greedy,greedy,greedy"], "5 bots for 4 seats"),
        (["simulate", "-n", "0"], "-n must be at least 1"),
        (["simulate", "--workers", "-2"], "--workers"),
        (["play", "--seat", "4"], "--seat must be 0-3"),
        (["watch", "--max-turns", "-5"], "--max-turns"),
    ],
)
def test_bad_options(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_each_command_says_its_own_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    epilogs = {}
    for command in ("play", "watch", "simulate", "replay"):
        assert main([command, "--help"]) == 0
        out = capsys.readouterr().out
        epilogs[command] = " ".join(out[out.index("exit status:") :].split())
    assert "end of input" in epilogs["play"] and "SIGTERM" in epilogs["play"]
    for command in ("watch", "simulate", "replay"):
        assert "quit" not in epilogs[command] and "end of input" not in epilogs[command]
        assert "SIGTERM" not in epilogs[command]
    assert " 1 " not in epilogs["simulate"]  # it reads and writes no file
    assert "FILE cannot be read" in epilogs["replay"]
    assert len(set(epilogs.values())) == 4


def test_a_file_that_cannot_be_read_is_a_failure_not_a_bad_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = str(tmp_path / "nosuch.json")
    for argv in (["replay", missing], ["play", "--resume", missing]):
        code, _, err = run_cli(argv, capsys, monkeypatch)
        assert code == 1, argv
        assert f"error: cannot read {missing}: No such file or directory" in err
        assert "Traceback" not in err
    (tmp_path / "latin1.json").write_bytes(b"\xff\xfe junk")
    code, _, err = run_cli(["replay", str(tmp_path / "latin1.json")], capsys, monkeypatch)
    assert code == 1 and "cannot read" in err


def test_argparse_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "--variant", "gin"]) == 2
    assert "invalid choice" in capsys.readouterr().err
    assert main(["simulate", "-n", "lots"]) == 2


def test_common_helpers() -> None:
    assert parse_bots("Greedy, random", 3) == ("greedy", "random", "greedy")
    assert build_variant("push", 0).max_turns_per_deal is None
    with pytest.raises(UsageError):
        build_variant("rummy", 10)
    names = Names(pr.PUSH, 4, bots=["greedy"] * 4, human=2)
    assert names.seat(0) == "seat 0 (partner, greedy)"
    assert names.side(0) == "your side (seats 0+2)"
    assert names.side(1) == "side 1 (seats 1+3)"
    assert names.side_bots(0) == "greedy+you"
    assert names.short(2) == names.seat(2).split(" ")[0] == "you"
    assert names.does(2, "pushes", "push") == "you push"
    assert names.does(1, "pushes", "push") == "seat 1 pushes"
    assert names.does(2, "takes") == "you take"
    with pytest.raises(ValueError, match="verb_you"):
        names.does(1, "lay down")
    with pytest.raises(TypeError):
        plural("2", "card")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        help_text(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        settlement(Output(io.StringIO()), None, names)  # type: ignore[arg-type]
    alone = Names(pr.CAP_IT, 5, human=3)
    assert (alone.side(3), alone.side(1)) == ("you", "seat 1")


# -- watch and replay ---------------------------------------------------------------------------


def test_watch_seed_1(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_cli(["watch", "--seed", "1"], capsys, monkeypatch)
    assert code == 0, err
    assert "seed 1" in out
    assert "Deal 1 of 5: 6 cards each, contract 2 sets of 3" in out
    assert "  1  seat 3 pushes" in out  # turn numbers and describe-style lines
    assert out.count("result:") == 5
    assert "penalties:" in out
    assert "Game over after 5 deals" in out
    assert "Winner: side" in out or "Draw:" in out
    # The same seed gives the same transcript.
    assert run_cli(["watch", "--seed", "1"], capsys, monkeypatch)[1] == out


def test_watch_cap_it_brief_ascii(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["watch", "--seed", "2", "--variant", "cap-it", "--players", "5", "--brief"]
    argv += ["--bots", "greedy,random", "--max-turns", "40", "--ascii", "--show-hands"]
    code, out, _ = run_cli(argv, capsys, monkeypatch)
    assert code == 0
    assert "cap-it, 5 players" in out
    assert "seat 1 (random)" in out
    assert "pushes" not in out  # brief: no moves
    assert not any(symbol in out for symbol in "♣♦♥♠")
    assert "Winner: seat" in out or "Draw:" in out


def test_watch_record_and_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    argv = ["watch", "--seed", "13", "--max-turns", "40", "--plain", "--record", str(path)]
    code, watched, _ = run_cli(argv, capsys, monkeypatch)
    assert code == 0
    assert f"Record saved to {path}" in watched
    from pushrummy.records import replay
    from pushrummy.serialization import from_json

    record = from_json(path.read_text(), kind="record")
    assert replay(record).is_over
    code, replayed, _ = run_cli(["replay", str(path), "--plain"], capsys, monkeypatch)
    assert code == 0
    # The transcript after the header is the same as watch printed.
    moves = watched[watched.index("Deal 1 of 5") : watched.index("Game over")]
    assert moves.replace(" (greedy)", "") in replayed
    winner = next(line for line in watched.splitlines() if line.startswith("Winner"))
    assert winner in replayed.splitlines()
    # A record cut short replays as far as it goes.
    short = json.loads(path.read_text())
    short["moves"] = short["moves"][:30]
    path.write_text(json.dumps(short))
    code, out, _ = run_cli(["replay", str(path), "--plain"], capsys, monkeypatch)
    assert code == 0
    assert "The record ends after 30 moves" in out
    # A tampered record is refused with the engine's message.
    short["moves"][3] = {"type": "discard", "seat": 0, "card": "JK"}
    path.write_text(json.dumps(short))
    code, out, _ = run_cli(["replay", str(path), "--plain"], capsys, monkeypatch)
    assert code == 1
    assert "error: record move 3 is illegal" in out
    path.write_text("{not json")
    code, out, _ = run_cli(["replay", str(path), "--plain"], capsys, monkeypatch)
    assert code == 1
    assert "not a valid game record" in out and "invalid JSON" in out


def test_unseeded_games_get_128_secret_bits(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The seed was secrets.randbelow(1_000_000): a client recovered it from its first view
    # by trying every seed.
    seeds = []
    for _ in range(3):
        code, out, err = run_cli(["watch", "--brief", "--max-turns", "20"], capsys, monkeypatch)
        assert code == 0, err
        seeds.append(int(out.split("seed ", 1)[1].split(",", 1)[0]))
    assert len(set(seeds)) == 3 and all(0 <= seed < 2**128 for seed in seeds)
    assert max(seeds) >= 2**100  # three seeds all below 2**100 would be a 2**-84 chance


def test_a_128_bit_seed_plays_records_and_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seed = 2**128 - 1
    path = tmp_path / "game.json"
    argv = ["watch", "--seed", str(seed), "--max-turns", "20", "--plain", "--record", str(path)]
    code, watched, err = run_cli(argv, capsys, monkeypatch)
    assert code == 0, err
    assert f"seed {seed}," in watched
    assert json.loads(path.read_text())["seed"] == seed
    code, replayed, err = run_cli(["replay", str(path), "--plain"], capsys, monkeypatch)
    assert code == 0, err
    assert f"seed {seed}," in replayed
    argv = ["simulate", "-n", "1", "--seed", str(seed), "--json", "--quiet", "--max-turns", "20"]
    code, out, err = run_cli(argv, capsys, monkeypatch)
    assert code == 0, err
    assert json.loads(out)["seed"] == seed


@pytest.mark.parametrize(
    "argv",
    [
        ["watch", "--seed", str(2**256)],
        ["play", "--seed", str(-(2**256))],
        ["simulate", "-n", "2", "--seed", str(2**256 - 1)],  # the second game's seed is 2**256
    ],
)
def test_seeds_out_of_range_are_usage_errors(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run_cli(argv, capsys, monkeypatch)
    assert code == 2
    assert "--seed must be below 2**256 in magnitude" in err


def test_record_to_unwritable_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "missing-dir" / "game.json"
    argv = ["watch", "--seed", "9", "--brief", "--max-turns", "20", "--record", str(target)]
    code, out, _ = run_cli(argv, capsys, monkeypatch)
    assert code == 1
    assert "cannot write the record" in out


# -- simulate -----------------------------------------------------------------------------------


def _stats(out: str) -> dict[str, Any]:
    stats: dict[str, Any] = json.loads(out)
    timing = stats.pop("timing")
    assert set(timing) == {"seconds", "decisions_per_second", "workers"}
    return stats


def test_simulate_json_is_deterministic(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["simulate", "-n", "5", "--seed", "12", "--json", "--quiet"]
    code, first, err = run_cli(argv, capsys, monkeypatch)
    assert code == 0
    assert err == ""  # --quiet: no progress
    again = run_cli(argv, capsys, monkeypatch)[1]
    stats = _stats(first)
    assert stats == _stats(again)
    assert stats["games"] == 5 and stats["seed"] == 12
    assert stats["deals"]["count"] == 25
    assert sum(stats["deals"]["endings"].values()) == 25
    wins = sum(side["wins"] for side in stats["sides"])
    assert wins + stats["draws"] == 5
    assert stats["decisions"] > 0
    assert 0 <= stats["deals"]["mean_contracts"] <= 4


def test_simulate_workers_do_not_change_results(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["simulate", "-n", "4", "--seed", "13", "--json", "--quiet", "--bots", "greedy"]
    one = _stats(run_cli([*argv, "--workers", "1"], capsys, monkeypatch)[1])
    two = _stats(run_cli([*argv, "--workers", "2"], capsys, monkeypatch)[1])
    assert one == two


def test_simulate_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["simulate", "-n", "2", "--seed", "13", "--variant", "cap-it", "--players", "4"]
    argv += ["--bots", "greedy,random", "--max-turns", "30"]
    code, out, err = run_cli(argv, capsys, monkeypatch)
    assert code == 0
    for words in (
        "2 games of cap-it, 4 players, seeds 13..14",
        "win %",
        "penalty/deal",
        "ended by going out",
        "ended by exhausted stock",
        "ended by turn limit",
        "mean turns per deal",
        "contracts made per deal",
        "decisions per second",
        "total time",
    ):
        assert words in out
    assert "simulate: 2/2 games" in err  # stderr is not a terminal: plain progress lines


def test_simulate_names_cap_it_sides_as_the_library_does(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["simulate", "-n", "1", "--seed", "13", "--variant", "cap-it", "--players", "5"]
    argv += ["--max-turns", "20", "--quiet", "--plain"]
    code, out, _ = run_cli(argv, capsys, monkeypatch)
    assert code == 0
    lines = out.splitlines()
    table = lines[lines.index("Sides") + 3 : lines.index("Sides") + 8]
    assert [line.split("  ")[0] for line in table] == [f"side {s} (seat {s})" for s in range(5)]
    assert not any(line.startswith("seat") for line in lines)
    code, out, _ = run_cli([*argv, "--json"], capsys, monkeypatch)
    sides = _stats(out)["sides"]
    assert [side["name"] for side in sides] == [f"side {s} (seat {s})" for s in range(5)]
    assert [side["seats"] for side in sides] == [[s] for s in range(5)]


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("use_rich", [False, True])
def test_progress_on_a_terminal(use_rich: bool) -> None:
    if use_rich and not rich_available():
        pytest.skip("rich is not installed")
    stream = FakeTTY()
    with _Progress(3, stream, use_rich=use_rich, quiet=False) as bar:
        assert bar.mode == ("rich" if use_rich else "tty")
        for done in (1, 2, 3):
            bar.update(done)
    if not use_rich:
        assert "\rsimulating [" in stream.getvalue()
        assert "3/3 games" in stream.getvalue()


# -- play ---------------------------------------------------------------------------------------


def test_play_survives_junk_then_quits(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = "\n".join([*JUNK, "moves", "help", "hint", "show", "quit"]) + "\n"
    code, out, err = run_cli(["play", "--seed", "3"], capsys, monkeypatch, stdin=script)
    assert code == 0
    assert "Traceback" not in out + err
    errors = [line for line in out.splitlines() if "error: " in line]
    assert len(errors) == len(JUNK), errors
    assert "error: empty input" in errors[0]
    assert "unknown move 'zzz'" in errors[1]
    assert "there is no move 999" in errors[2]
    assert "you must first take the upcard or push" in errors[3]  # the phase before the card
    assert "[draw.choice]" in errors[4]  # the rule id of an illegal move
    assert "input too long" in errors[6]
    assert all(len(line) < 400 for line in errors)
    assert "Your hand: " in out
    assert "Legal moves (2):" in out
    assert "hint: " in out
    assert "lay down the contract" in out  # help
    assert out.rstrip().endswith("Goodbye.")


def test_play_speaks_to_the_person_at_the_keyboard(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = "discard KS\ntake\ntake\nfill 2C\nquit\n"
    code, out, _ = run_cli(["play", "--seed", "3", "--plain"], capsys, monkeypatch, script)
    assert code == 0
    errors = [line.split("error: ", 1)[1] for line in out.splitlines() if "error: " in line]
    assert errors == [
        "you must first take the upcard or push [draw.choice]",
        "you have already drawn this turn; now meld, lay off or discard [draw.choice]",
        "you have announced no shape whose wild places to fill [contract.wilds]",
    ]
    assert "seat 0" not in " ".join(errors)


@pytest.mark.parametrize(
    "typed", ["down 7S 7H", "down 7S 7H 7D / 9C", "meld JK", "off 9H on 3", "fill 2C", "DOWN 7S"]
)
def test_play_checks_the_phase_before_reading_melds(
    typed: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run_cli(
        ["play", "--seed", "3", "--plain"], capsys, monkeypatch, f"{typed}\nquit\n"
    )
    assert code == 0
    errors = [line for line in out.splitlines() if "error: " in line]
    assert errors == ["move> error: you must first take the upcard or push [draw.choice]"]


def test_play_phase_check_in_a_lay_down_and_a_filling() -> None:
    state = pr.new_game(pr.PUSH, seed=9)
    after = pr.apply_move(state, pr.Take(1))
    laying = pr.apply_move(after, pr.parse_move(after, "down 4D 4H 4S"))
    filling = pr.apply_move(laying, pr.parse_move(laying, "shape 6D * *"))
    for position, typed, message in [
        (laying, "discard 2C", "you must first finish laying down the deal-1 contract"),
        (laying, "meld 7S 7H", "you must first finish laying down the deal-1 contract"),
        (filling, "down 9C 9S", "you must first fill the wild places of 6D *=6 *=6"),
        (after, "push", "you have already drawn this turn"),
    ]:
        buffer = io.StringIO()
        names = Names(position.variant, 4, human=1)
        session = PlaySession(Output(buffer, use_rich=False), position, 1, [None] * 4, names)
        assert session.read_move(typed, pr.view(position, 1)) is None
        assert f"error: {message}" in buffer.getvalue(), buffer.getvalue()


def test_play_bots_draw_from_their_own_secret_seeds(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pushrummy.cli.common import bot_seed

    tables: list[list[Any]] = []

    def capture(session: PlaySession) -> int:
        tables.append(list(session.bots))
        return 0

    monkeypatch.setattr(PlaySession, "run", capture)
    argv = ["play", "--seed", "5", "--bots", "random,search,random", "--plain"]
    for _ in range(2):
        assert run_cli(argv, capsys, monkeypatch)[0] == 0
    first, second = ([bot.seed for bot in table[1:]] for table in tables)
    assert [type(bot).__name__ for bot in tables[0][1:]] == ["RandomBot", "SearchBot", "RandomBot"]
    assert not {bot_seed(5, seat) for seat in range(4)} & set(first + second)
    assert len(set(first + second)) == 6  # 128 secret bits each: never the same twice
    assert all(seed.bit_length() > 64 for seed in first + second)


def test_watch_and_simulate_bots_follow_the_game_seed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["watch", "--seed", "4", "--bots", "random", "--max-turns", "15", "--plain"]
    assert run_cli(argv, capsys, monkeypatch)[1] == run_cli(argv, capsys, monkeypatch)[1]


def test_play_shows_the_seed_only_to_whoever_chose_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A made-up seed decides every card: printing it would show the person every hand.
    code, out, _ = run_cli(["play"], capsys, monkeypatch, stdin="quit\n")
    assert code == 0
    assert "seed" not in out.splitlines()[0]
    code, out, _ = run_cli(["play", "--seed", "3"], capsys, monkeypatch, stdin="quit\n")
    assert code == 0
    assert out.splitlines()[0].endswith("seed 3")


def test_play_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run_cli(["play", "--seed", "3"], capsys, monkeypatch, stdin="zzz\n")
    assert code == 0
    assert "End of input: goodbye." in out
    assert "Traceback" not in err


def test_play_ctrl_c(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupt)
    assert main(["play", "--seed", "3", "--plain"]) == 130
    assert "Interrupted: goodbye." in capsys.readouterr().out


def test_play_a_whole_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # "2" picks push when drawing and the second listed move otherwise; "" deals the next deal
    # (and is an error at a move prompt, which just asks again).
    # The bots draw from fresh secret seeds: this game's are pinned (seats 0, 2, 3), so that
    # the scripted answers always find a second move and the game is the same every run.
    monkeypatch.setattr("pushrummy.cli.play.new_seed", iter([500, 502, 503]).__next__)
    path = tmp_path / "mine.json"
    argv = ["play", "--seed", "5", "--max-turns", "12", "--seat", "1", "--bots", "greedy,random"]
    argv += ["--record", str(path)]
    code, out, err = run_cli(argv, capsys, monkeypatch, stdin="2\n\n" * 2000)
    assert code == 0, err
    assert "you (seat 1)" in out and "seat 0 (random)" not in out
    assert "seat 1" not in out.replace("you (seat 1)", "")  # the human is "you"
    assert "  you push" in out and "seat 1 pushes" not in out
    assert out.count("result:") == 5
    assert "Game over after 5 deals" in out
    assert "You win!" in out or "You lose." in out or "You draw!" in out
    from pushrummy.records import replay
    from pushrummy.serialization import from_json

    assert replay(from_json(path.read_text(), kind="record")).is_over


def test_play_resume_continues_a_saved_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pushrummy.records import replay
    from pushrummy.serialization import from_json

    path = tmp_path / "saved.json"
    argv = ["play", "--seed", "5", "--max-turns", "12", "--seat", "2", "--plain"]
    code, out, err = run_cli([*argv, "--record", str(path)], capsys, monkeypatch, "1\n2\nquit\n")
    assert code == 0, err
    saved = from_json(path.read_text(), kind="record")
    assert saved.human == 2 and json.loads(path.read_text())["human"] == 2
    assert saved.moves and not replay(saved).is_over
    # Resume, leave at once, save again: the same game, nothing lost.
    resume = ["play", "--resume", str(path), "--plain", "--record", str(path)]
    code, out, err = run_cli(resume, capsys, monkeypatch, "quit\n")
    assert code == 0, err
    assert f"Resuming {path}: {len(saved.moves)} moves replayed" in out
    assert "you (seat 2)" in out and "resumed at turn" in out
    assert from_json(path.read_text(), kind="record") == saved
    # Resume and play to the end: the record is the whole game, from its first move.
    code, out, err = run_cli(resume, capsys, monkeypatch, "1\n\n" * 2000)
    assert code == 0, err
    assert "Game over after 5 deals" in out
    whole = from_json(path.read_text(), kind="record")
    assert whole.moves[: len(saved.moves)] == saved.moves and whole.human == 2
    assert replay(whole).is_over
    # A finished game resumes to its final score.
    code, out, _ = run_cli(["play", "--resume", str(path), "--plain"], capsys, monkeypatch)
    assert code == 0 and "The game is over." in out and "Game over after 5 deals" in out


def test_play_resume_of_a_record_without_a_human(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "watched.json"
    record = pr.GameRecord.start(pr.PUSH, seed=5)
    record = record.with_move(pr.Push(pr.replay(record).current_player or 0))
    path.write_text(pr.to_json(record))
    assert "human" not in json.loads(path.read_text())
    code, out, _ = run_cli(["play", "--resume", str(path), "--plain"], capsys, monkeypatch, "q\n")
    assert code == 0 and "you (seat 0)" in out  # seat 0 by default
    assert pr.from_json(path.read_text(), kind="record").human == 0  # recorded on, seat and all
    path.write_text(pr.to_json(record))
    argv = ["play", "--resume", str(path), "--seat", "3", "--plain"]
    code, out, _ = run_cli(argv, capsys, monkeypatch, "q\n")
    assert code == 0 and "you (seat 3)" in out


@pytest.mark.parametrize(
    ("extra", "status", "message"),
    [
        (["--seed", "4"], 2, "--resume plays on the record's game: leave out --seed"),
        (["--variant", "cap-it", "--max-turns", "3"], 2, "leave out --variant, --max-turns"),
        (["--seat", "1"], 2, "was played from seat 2, not --seat 1"),
    ],
)
def test_play_resume_refuses_what_the_record_decides(
    extra: list[str],
    status: int,
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "saved.json"
    path.write_text(pr.to_json(attrs.evolve(pr.GameRecord.start(pr.PUSH, seed=5), human=2)))
    code, _, err = run_cli(["play", "--resume", str(path), *extra], capsys, monkeypatch, "q\n")
    assert code == status
    assert message in err


def test_play_resume_of_a_bad_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run_cli(["play", "--resume", str(tmp_path / "none.json")], capsys, monkeypatch)
    assert code == 1 and "cannot read" in err
    path = tmp_path / "bad.json"
    record = pr.GameRecord.start(pr.PUSH, seed=5).with_move(pr.Take(3))
    path.write_text(pr.to_json(record))
    code, out, _ = run_cli(["play", "--resume", str(path), "--plain"], capsys, monkeypatch)
    assert code == 1
    assert f"error: cannot resume {path}: record move 0" in out


def test_stakes_for_cap_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "--variant", "cap-it", "--stakes", "10,5", "--seed", "5", "--max-turns", "12"]
    code, out, err = run_cli([*argv, "--plain"], capsys, monkeypatch, "1\n\n" * 2000)
    assert code == 0, err
    assert "Stakes: 10 chips each into the pot; going out in a deal takes 5 chips" in out
    assert "Stakes: the pot held 40 chips" in out
    net = next(line for line in out.splitlines() if "net (won - ante):" in line)
    assert net.count(", ") == 3 and "you " in net
    argv = ["simulate", "-n", "2", "--variant", "cap-it", "--stakes", "8,2", "--seed", "3"]
    code, out, err = run_cli([*argv, "--json", "--quiet", "--max-turns", "30"], capsys, monkeypatch)
    assert code == 0, err
    stats = json.loads(out)
    assert stats["stakes"] == {"ante": 8, "round_prize": 2}
    assert all("mean_net_chips" in side for side in stats["sides"])
    assert sum(side["mean_net_chips"] for side in stats["sides"]) <= 0  # the pot pays out
    argv = ["simulate", "-n", "1", "--variant", "cap-it", "--stakes", "8,2", "--max-turns", "30"]
    code, out, _ = run_cli([*argv, "--plain", "--quiet"], capsys, monkeypatch)
    assert code == 0 and "chips/game" in out and "ante 8 chips, round prize 2 chips" in out
    code, out, _ = run_cli(
        ["simulate", "-n", "1", "--json", "--quiet", "--max-turns", "30"], capsys, monkeypatch
    )
    assert json.loads(out)["stakes"] is None


@pytest.mark.parametrize(
    ("stakes", "message"),
    [
        ("10", "--stakes takes ANTE,PRIZE in whole chips (such as 10,5), not '10'"),
        ("ten,5", "not 'ten,5'"),
        ("5,-1", "not '5,-1'"),
        ("١,5", "not '١,5'"),
    ],
)
def test_bad_stakes(
    stakes: str, message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["simulate", "-n", "1", "--variant", "cap-it", "--stakes", stakes]
    code, _, err = run_cli(argv, capsys, monkeypatch)
    assert code == 2 and message in err
    code, _, err = run_cli(["play", "--stakes", "10,5"], capsys, monkeypatch)
    assert code == 2 and "--stakes is for games without partnerships (cap-it), not push" in err


def test_play_between_deals_prompt(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "--seed", "5", "--max-turns", "4", "--plain"]
    code, out, _ = run_cli(argv, capsys, monkeypatch, stdin="2\n" * 20 + "what\nquit\n")
    assert code == 0
    assert "Press Enter for deal 2" in out
    assert "error: press Enter to deal the next deal, or type quit" in out
    assert out.rstrip().endswith("Goodbye.")


def _crowded_position() -> pr.GameState:
    """A greedy game played until the player to move has more than COMPACT_OVER moves."""
    state = pr.new_game(pr.PUSH.replace(max_turns_per_deal=200), seed=3)
    while True:
        if state.phase is pr.Phase.BETWEEN_DEALS:
            state = pr.apply_move(state, pr.NextDeal())
            continue
        seat = state.current_player
        assert seat is not None
        me = pr.view(state, seat)
        if len(me.legal_moves) > COMPACT_OVER:
            return state
        state = pr.apply_move(state, pr.GreedyBot().choose(me))


def test_long_move_lists_are_compact() -> None:
    state = _crowded_position()
    seat = state.current_player
    assert seat is not None
    me = pr.view(state, seat)
    stream = io.StringIO()
    out = Output(stream, use_rich=False, unicode=True)
    session = PlaySession(out, state, seat, [None] * 4, Names(pr.PUSH, 4, human=seat))
    session.numbered = order_moves(me)
    assert sorted(map(repr, session.numbered)) == sorted(map(repr, me.legal_moves))
    session.print_moves(full=False)
    compact = stream.getvalue()
    assert "more " in compact and "type 'moves' to list them all" in compact
    assert len(compact.splitlines()) < len(me.legal_moves)
    discards = [m for m in me.legal_moves if isinstance(m, pr.Discard)]
    assert sum("discard " in line for line in compact.splitlines()) == len(discards)
    stream.truncate(0)
    stream.seek(0)
    session.print_moves(full=True)
    assert len(stream.getvalue().splitlines()) == len(me.legal_moves) + 1
    # Every listed number picks its move; notation with suit symbols parses too.
    for number in (1, len(session.numbered)):
        assert session.read_move(str(number), me) == session.numbered[number - 1]
    last = session.numbered[-1]
    text = out.notation(format_move(last))
    assert session.read_move(text, me) == last


def _show(state: pr.GameState) -> str:
    """What ``show`` prints for the player to move in ``state``."""
    seat = state.current_player
    assert seat is not None
    stream = io.StringIO()
    out = Output(stream, use_rich=False, unicode=False)
    session = PlaySession(out, state, seat, [None] * 4, Names(state.variant, 4, human=seat))
    me = pr.view(state, seat)
    session.numbered = order_moves(me)
    session.show(me)
    return stream.getvalue()


def test_the_taken_card_hint_goes_once_the_card_is_played() -> None:
    state = pr.new_game(pr.PUSH, seed=3)
    seat = state.current_player
    assert seat is not None and state.upcard is not None
    upcard = state.upcard
    taken = pr.apply_move(state, pr.Take(seat))
    assert f"You took {upcard} this turn: you may not discard that card" in _show(taken)
    # The same position once that card has left the hand (melded or laid off).
    hands = list(taken.hands)
    hands[seat] = tuple(card for card in hands[seat] if card != upcard)
    melded = attrs.evolve(taken, hands=tuple(hands))
    assert "You took" not in _show(melded)


@pytest.mark.rule("discard.taken")
def test_the_taken_card_hint_says_what_the_rule_says() -> None:
    # The hint asks the discard rule: no hint when every card left is the taken card's
    # value (then it may go), nor when the variant lets it go (may_rediscard_taken).
    state = pr.new_game(pr.PUSH, seed=3)
    seat = state.current_player
    assert seat is not None and state.upcard is not None
    upcard = state.upcard
    taken = pr.apply_move(state, pr.Take(seat))
    hands = list(taken.hands)
    hands[seat] = (upcard, upcard)
    only_that = attrs.evolve(taken, hands=tuple(hands))
    assert pr.Discard(seat, upcard) in pr.legal_moves(only_that)
    assert "You took" not in _show(only_that)
    free = attrs.evolve(taken, variant=taken.variant.replace(may_rediscard_taken=True))
    assert "You took" not in _show(free)


def test_help_lists_only_the_moves_the_variant_allows(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run_cli(["play", "--seed", "3", "--plain"], capsys, monkeypatch, "help\nq\n")
    assert code == 0
    assert "  off 9H on 3" in out and "  meld 5H" in out
    assert "exchange" not in out  # wild_exchange is off in both presets
    exchange = help_text(pr.PUSH.replace(wild_exchange=pr.WildExchange.JOKERS_IN_RUNS))
    assert "exchange 6H on 2             give the card a joker in run [2] stands for" in exchange
    strict = pr.PUSH.replace(
        new_melds_after_contract=False,
        layoff_targets=pr.LayoffTargets.OWN,
        push_to=pr.PushTo.PREVIOUS,
    )
    text = help_text(strict, unicode=False)
    assert "  meld " not in text and "exchange" not in text
    assert "lay off a card on your own meld [3]" in text
    assert "to the previous player" in text
    assert "♣" not in text


_ONE_PLURAL = re.compile(
    r"(?<!seat )\b1 (cards|moves|turns|games|deals|chips|points|workers|seats)\b"
)


def test_one_is_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert (plural(1, "card"), plural(2, "card"), plural(1, "more move")) == (
        "1 card",
        "2 cards",
        "1 more move",
    )
    argv = ["simulate", "-n", "1", "--seed", "4", "--max-turns", "1", "--workers", "1"]
    code, out, err = run_cli(argv, capsys, monkeypatch)
    assert code == 0
    assert "1 game of push" in out and "(1 worker)" in out and "at most 1 turn per deal" in out
    assert "simulate: 1/1 game" in err
    path = tmp_path / "one.json"
    record = pr.GameRecord.start(pr.PUSH, seed=3)
    path.write_text(pr.to_json(record.with_move(pr.Push(pr.replay(record).current_player or 0))))
    code, out, _ = run_cli(["replay", str(path), "--plain"], capsys, monkeypatch)
    assert code == 0
    assert ", 1 move" in out and "The record ends after 1 move," in out
    for text in (out, err):
        assert _ONE_PLURAL.search(text) is None, _ONE_PLURAL.search(text)


# -- output: rich and plain ---------------------------------------------------------------------


def test_plain_fallback_without_rich(
    no_rich: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert not rich_available()
    code, out, _ = run_cli(["watch", "--seed", "1", "--brief"], capsys, monkeypatch)
    assert code == 0
    assert "side    seats  bots" in out
    assert "------" in out and "─" not in out
    code, out, _ = run_cli(["simulate", "-n", "1", "--seed", "13"], capsys, monkeypatch)
    assert code == 0 and "win %" in out
    code, out, _ = run_cli(["play", "--seed", "3"], capsys, monkeypatch, stdin="zzz\nquit\n")
    assert code == 0 and "error: unknown move" in out


def test_rich_output_when_available(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    if not rich_available():
        pytest.skip("rich is not installed")
    code, out, _ = run_cli(["watch", "--seed", "1", "--brief"], capsys, monkeypatch)
    assert code == 0
    assert "─" in out  # rich's table rule
    code, plain, _ = run_cli(["watch", "--seed", "1", "--brief", "--plain"], capsys, monkeypatch)
    assert "─" not in plain
    # Rule ids in brackets are text, not rich markup.
    code, out, _ = run_cli(["play", "--seed", "3"], capsys, monkeypatch, stdin="discard KS\nq\n")
    assert "[draw.choice]" in out


def test_output_helpers() -> None:
    ascii_stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    assert not can_encode(ascii_stream)
    out = Output(ascii_stream)
    assert not out.unicode
    assert out.card_text(pr.parse_card("10H")) == "10H"
    assert out.notation("down 7S 7H 7D") == "down 7S 7H 7D"
    stream = io.StringIO()
    out = Output(stream, unicode=True)
    assert out.notation("off JK on 3 high / 10C QS=QS") == "off JK on 3 high / 10♣ Q♠=Q♠"
    out.table(["a", "number"], [["x", "1"], ["yy", "22"]], right=[1], title="T")
    assert stream.getvalue() == "T\na   number\n--  ------\nx        1\nyy      22\n"


# -- as a real process ---------------------------------------------------------------------------


def test_subprocess_watch_and_version() -> None:
    done = run_subprocess(["-m", "pushrummy.cli", "watch", "--seed", "1", "--brief"])
    assert done.returncode == 0, done.stderr.decode()
    assert b"Winner: side" in done.stdout or b"Draw:" in done.stdout
    done = run_subprocess(["-m", "pushrummy.cli", "--version"])
    assert done.returncode == 0 and done.stdout.startswith(b"pushrummy ")


def test_subprocess_play_with_junk_bytes_and_eof() -> None:
    junk = b"\n".join(
        [
            b"",
            b"zzz",
            b"999",
            b"discard XS",
            b"off JK on 99",
            b"\xff\xfe\x80 bad bytes",
            b"x" * 9000,
        ]
    )
    done = run_subprocess(["-m", "pushrummy.cli", "play", "--seed", "3"], stdin=junk + b"\n")
    err = done.stderr.decode("utf-8", "replace")
    out = done.stdout.decode("utf-8", "replace")
    assert done.returncode == 0, err
    assert "Traceback" not in err + out
    assert out.count("error: ") == 7
    assert "End of input: goodbye." in out


def test_subprocess_plain_without_rich_and_ascii_terminal() -> None:
    code = (
        "import sys; sys.modules['rich'] = None\n"
        "from pushrummy.cli import main\n"
        "sys.exit(main(['watch', '--seed', '1', '--brief']))\n"
    )
    env_args = ["-X", "utf8=0", "-c", code]
    done = subprocess.run(
        [sys.executable, *env_args],
        capture_output=True,
        timeout=120,
        cwd=ROOT,
        env=dict(os.environ, PYTHONIOENCODING="ascii", LC_ALL="C"),
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    assert b"Winner: side" in done.stdout or b"Draw:" in done.stdout
    assert b"------" in done.stdout  # the plain table
    assert b"\\u" not in done.stdout  # cards fell back to 10H-style, nothing escaped


@pytest.mark.rule("contract.wilds")
def test_play_shows_the_shape_being_filled(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 5, seat 2: take, discard; take again, then the listed shape A♣ A♥ *=A.
    stdin = "1\n1\n1\n1\nhint\nfill 7H\nfill JK JK\ndiscard 9H\nfill JK\nquit\n"
    argv = ["play", "--seed", "5", "--max-turns", "12", "--seat", "2", "--plain"]
    code, out, _ = run_cli(argv, capsys, monkeypatch, stdin)
    assert code == 0
    assert "    1. shape A♣ A♥ *=A" in out
    assert "your move (fill the wild places of your meld)" in out
    assert (
        "You are laying down A♣ A♥ *=A, a meld of your contract: choose the wild cards for "
        "its 1 wild place (fill ...)." in out
    )
    assert "    1. fill 2♦\n    2. fill JK\n" in out
    assert "hint: fill 2♦ (the greedy bot's choice)" in out
    assert "error: natural '7H' in 'fill 7H'" in out
    assert "error: the shape AC AH *=A takes 1 wild card(s), not JK JK [contract.wilds]" in out
    assert "error: you must first fill the wild places of AC AH *=A [contract.wilds]" in out
    assert "  you lay down [0] A♣ A♥ JK=A" in out
    assert "\n  \n" not in out  # a shape has no line of its own: its meld is told once filled


# -- the record is never lost ------------------------------------------------------------------


def test_play_records_at_every_prompt_and_on_sigterm(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each time the person is asked, the file already holds the whole game so far (a record
    that replays to the position shown); SIGTERM saves it on the way out (status 143)."""
    import signal

    from pushrummy.records import replay
    from pushrummy.serialization import from_json

    path = tmp_path / "live.json"
    seen: list[int] = []

    def answer(prompt: str = "") -> str:
        record = from_json(path.read_text(), kind="record")  # whole at every prompt
        seen.append(len(record.moves))
        if len(seen) == 6:
            os.kill(os.getpid(), signal.SIGTERM)
        return "1" if prompt.startswith("move") else ""

    monkeypatch.setattr(builtins, "input", answer)
    before = signal.getsignal(signal.SIGTERM)
    code = main(["play", "--seed", "5", "--plain", "--record", str(path)])
    out = capsys.readouterr().out
    assert code == 128 + signal.SIGTERM and "SIGTERM received: goodbye." in out
    assert signal.getsignal(signal.SIGTERM) == before  # the handler is put back
    assert seen == sorted(seen) and seen[-1] > seen[0] > 0
    saved = from_json(path.read_text(), kind="record")
    assert len(saved.moves) >= seen[-1] and saved.human == 0
    assert not replay(saved).is_over
    assert not [p for p in tmp_path.iterdir() if p.name != "live.json"]  # no temporary left


def test_play_resume_records_on_to_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pushrummy.serialization import from_json

    path = tmp_path / "saved.json"
    argv = ["play", "--seed", "5", "--seat", "2", "--plain", "--record", str(path)]
    assert run_cli(argv, capsys, monkeypatch, "1\nquit\n")[0] == 0
    first = from_json(path.read_text(), kind="record")
    code, _, err = run_cli(
        ["play", "--resume", str(path), "--plain"], capsys, monkeypatch, "1\n1\nquit\n"
    )
    assert code == 0, err
    later = from_json(path.read_text(), kind="record")
    assert len(later.moves) > len(first.moves) and later.moves[: len(first.moves)] == first.moves


@pytest.mark.skipif(not hasattr(os, "killpg") or sys.platform == "win32", reason="POSIX signals")
def test_closing_the_terminal_keeps_the_record(tmp_path: Path) -> None:
    """A real process, hung up (SIGHUP) while it waits for the person: the record is saved."""
    import signal
    import time

    from pushrummy.records import replay
    from pushrummy.serialization import from_json

    path = tmp_path / "game.json"
    env = dict(os.environ, PYTHONIOENCODING="utf-8", PYTHONPATH=str(ROOT / "src"))
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "pushrummy.cli",
            "play",
            "--seed",
            "7",
            "--plain",
            "--record",
            str(path),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=ROOT,
    )
    assert process.stdin is not None
    process.stdin.write(b"1\n1\n")
    process.stdin.flush()
    deadline = time.monotonic() + 60  # a bound on the wait, not a timing assertion
    moves = 0
    while moves < 2 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
        with contextlib.suppress(OSError, pr.DecodeError):
            moves = len(from_json(path.read_text(), kind="record").moves)
    process.send_signal(signal.SIGHUP)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 128 + signal.SIGHUP, err.decode()
    assert b"SIGHUP received: goodbye." in out
    saved = from_json(path.read_text(), kind="record")
    assert len(saved.moves) >= 2 and not replay(saved).is_over


def test_play_and_watch_contract_rummy(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # `play --variant contract-rummy` plays a whole game against bots (always the first
    # listed move, "1"; "" deals the next deal), seven deals of 10 and then 12 cards
    monkeypatch.setattr("pushrummy.cli.play.new_seed", iter([600, 601, 602]).__next__)
    argv = ["play", "--variant", "contract-rummy", "--seed", "4", "--max-turns", "15"]
    code, out, err = run_cli(argv, capsys, monkeypatch, stdin="1\n\n" * 3000)
    assert code == 0, err
    assert "contract-rummy, 3 players" in out
    assert "Deal 7 of 7: 12 cards each, contract 3 runs of 4" in out
    assert "Game over after 7 deals" in out
    argv = ["watch", "--variant", "contract-rummy", "--players", "8", "--seed", "2", "--brief"]
    code, out, err = run_cli(argv, capsys, monkeypatch)
    assert code == 0, err
    assert "contract-rummy, 8 players" in out and "Game over after 7 deals" in out


def test_watch_liverpool(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # `--variant liverpool` (pushrummy.LIVERPOOL): seven deals, the last one all out
    argv = ["watch", "--variant", "liverpool", "--players", "3", "--seed", "3", "--max-turns", "40"]
    code, out, err = run_cli(argv, capsys, monkeypatch)
    assert code == 0, err
    assert "liverpool, 3 players" in out and "Game over after 7 deals" in out
    assert "Deal 6 of 7: 12 cards each, contract 1 set of 3 + 2 runs of 4\n" in out
    assert (
        "Deal 7 of 7: 12 cards each, contract 3 runs of 4, all out (every card, no discard)" in out
    )


@pytest.mark.rule("buy.offer")
def test_play_asks_the_seat_offered_the_upcard(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Contract Rummy buys out of turn: when a bot offers the upcard, the person's seat is
    asked to buy or pass (out of its turn), and the answers play on to the game's end
    ("buy" when offered, else "2", the second listed move, or "1" when only one is listed;
    an empty line deals on)."""
    monkeypatch.setattr("pushrummy.cli.play.new_seed", iter([600, 602]).__next__)
    argv = ["play", "--variant", "contract-rummy", "--players", "3", "--seed", "4"]
    argv += ["--max-turns", "8", "--seat", "1", "--plain"]
    code, out, err = run_cli(argv, capsys, monkeypatch, stdin="buy\n2\n1\n\n" * 3000)
    assert code == 0, err
    # the seat that offers the upcard is named (the view's offered_by, [buy.offer]): the seat
    # the narration last told offering it
    asked = offering = 0
    for line in out.splitlines():
        told = re.search(r"seat (\d) offers \S+ round the table", line)
        if told:
            offering = int(told[1])
        named = re.search(r"is offered to you by seat (\d): buy it \(with 1 penalty card\)", line)
        if named:
            assert int(named[1]) == offering, line
            asked += 1
    assert asked > 3
    assert "you buy" in out and "you pass" in out
    assert "Game over after 7 deals" in out


def test_play_contract_rummy_to_the_end_without_a_turn_cap(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The preset's own rules (200 turns at most): the player always makes the first listed
    # move, and every deal ends by a player going out ([meld.set_suits]: sets of any suits
    # keep taking lay-offs, where capped sets of four stalled deals).
    argv = ["play", "--variant", "contract-rummy", "--seed", "4"]
    code, out, err = run_cli(argv, capsys, monkeypatch, stdin="1\n\n" * 20000)
    assert code == 0, err
    assert "Game over after 7 deals" in out
    results = [
        line for line in out.splitlines() if line.startswith("Deal ") and " result: " in line
    ]
    assert len(results) == 7
    assert all("went out in turn" in line for line in results), results


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("searching", [True, False])
def test_a_search_bot_shows_it_is_thinking_on_a_terminal(searching: bool) -> None:
    # While a SearchBot chooses, a terminal shows "... is thinking..." and erases it
    # afterwards; a GreedyBot (which answers at once) and a stream that is not a terminal
    # get nothing.
    state = pr.new_game(pr.PUSH, seed=3)
    seat = state.current_player
    assert seat is not None
    bot = pr.SearchBot(seed=1, playouts=2) if searching else pr.GreedyBot()
    bots: list[pr.Bot | None] = [None] * 4
    bots[seat] = bot
    names = Names(pr.PUSH, 4, bots=["search" if searching else "greedy"] * 4, human=(seat + 1) % 4)
    for stream in (_Terminal(), io.StringIO()):
        session = PlaySession(Output(stream, use_rich=False), state, (seat + 1) % 4, bots, names)
        move = session.next_move(state)
        assert move in pr.legal_moves(state)
        shown = stream.getvalue()
        if searching and isinstance(stream, _Terminal):
            text = f"  {names.seat(seat)} is thinking..."
            assert shown == text + "\r" + " " * len(text) + "\r"
        else:
            assert shown == ""
