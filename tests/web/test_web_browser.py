"""The web game in a real browser: Playwright drives Chromium against examples/web/server.py.

A person's whole deal is played by clicking: the lobby's button starts a game, the move
buttons draw, lay off and discard, a lay-down is built by selecting its cards in the hand and
placing the meld the page offers for them (one meld at a time), a meld with wild cards goes
down by its cards too, or as its listed shape and then a listed fill ([contract.wilds]), and
the "Next deal" button deals on. After every click the page must show what the server's view says — hand, upcard,
table, hand sizes, totals, the listed moves, the event feed — and it saves screenshots.

Needs the ``web`` extra (skipped, saying so, without it), Playwright's python package
(``pip install playwright``; its own browser download is not used) and a Chromium on PATH
(Debian: ``apt-get install chromium``). Without Playwright or Chromium the test skips on a
developer's machine, but fails when the ``CI`` variable is set: CI must run it.
Set ``PUSHRUMMY_WEB_SCREENSHOT=docs/_static/web-game.png`` to refresh the docs' picture.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web game needs the web extra: pip install -e '.[web]'")
pytest.importorskip("uvicorn", reason="the web game needs the web extra: pip install -e '.[web]'")

import pushrummy as pr
from checks import offering_seat
from engine_helpers import deck_order

# The server's games deal from seeds fixed by each test's id (conftest.fixed_seeds): a
# failing game replays.
pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("fixed_seeds")]

Json = dict[str, Any]
IDLE = """(renders) => {
    const game = document.getElementById("game");
    return !game.hidden && game.dataset.busy === "0" && Number(game.dataset.renders) > renders;
}"""
MATCHED = """(cards) => {
    const game = document.getElementById("game");
    const box = document.getElementById("matches");
    const shown = box.dataset.for.split(" ").filter(Boolean).sort().join(" ");
    return game.dataset.busy === "0" && shown === cards;
}"""


CODE = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b")


def symbols(text: str) -> str:
    """``text`` as the page shows it: each card code with its suit symbol (``3C`` -> ``3♣``)."""
    return CODE.sub(lambda found: pr.parse_card(found[0]).display(), text)


def missing(what: str) -> None:
    """Skip on a developer's machine; fail loudly in CI, where the browser test must run."""
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the browser test, but {what}", pytrace=False)
    pytest.skip(what)


@pytest.fixture(scope="module")
def chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None and Path("/usr/bin/chromium").exists():
        path = "/usr/bin/chromium"
    if path is None:
        missing("no chromium on PATH (Debian: apt-get install -y chromium)")
    assert path is not None
    return path


@pytest.fixture
def page(chromium: str, live_server: str) -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright's python package is not installed (pip install playwright)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(20_000)
            yield page
            assert not errors, f"JavaScript errors on the page: {errors}"
        finally:
            browser.close()


def renders(page: Any) -> int:
    return int(page.get_attribute("#game", "data-renders"))


def click_and_wait(page: Any, selector: str) -> None:
    """Click and wait until the page has shown the server's answer."""
    before = renders(page)
    page.click(selector)
    page.wait_for_function(IDLE, arg=before)


def data(page: Any, selector: str, key: str) -> list[str]:
    values: list[str] = page.eval_on_selector_all(
        selector, f"nodes => nodes.map(n => n.dataset.{key})"
    )
    return values


def check_page(page: Any, game: Any, seat: int) -> Json:
    """What the page shows is the server's view of ``seat``: the view, as a document."""
    view = pr.encode(pr.view(game.state, seat))
    assert data(page, "#hand button.card", "card") == view["hand"]
    assert page.get_attribute("#upcard", "data-card") == (view["upcard"] or "")
    shown_table = sorted(
        zip(
            map(int, data(page, "#table .meld", "meldId")),
            map(int, data(page, "#table .meld", "owner")),
            data(page, "#table .meld", "cards"),
            strict=True,
        )
    )
    assert shown_table == [
        (t["id"], t["owner"], " ".join(t["meld"]["cards"])) for t in view["table"]
    ]
    for owner in {t["owner"] for t in view["table"]}:  # melds grouped by owner
        group = f'#table .owner[data-owner="{owner}"] .meld'
        assert sorted(map(int, data(page, group, "meldId"))) == [
            t["id"] for t in view["table"] if t["owner"] == owner
        ]
    sizes = page.eval_on_selector_all(
        "#seats tbody tr td.count", "cells => cells.map(c => Number(c.textContent))"
    )
    assert sizes == view["hand_sizes"]
    totals = page.eval_on_selector_all(
        "#totals th[data-side]", "cells => cells.map(c => Number(c.textContent))"
    )
    assert totals == view["totals"]
    assert sorted(data(page, "#moves button.move", "notation")) == sorted(
        m["notation"] for m in view["legal_moves"]
    )
    # The moves, like the hand, in suit symbols: no card code is shown as text.
    texts = page.eval_on_selector_all(
        "#moves button.move", "nodes => nodes.map(n => n.textContent)"
    )
    assert sorted(texts) == sorted(symbols(m["notation"]) for m in view["legal_moves"])
    assert not any(CODE.search(text) for text in texts)
    assert page.text_content("#contract") == view["contract"]
    events = page.eval_on_selector_all("#events li", "items => items.map(i => i.textContent)")
    # The feed shows every event of the game so far, each once, as the seat saw it.
    assert events == [symbols(event["text"]) for event in view["events"]] and events
    assert not page.is_visible("#no-events")
    # A shape announced ([contract.wilds]): every seat sees it above the table, and the seat
    # filling it has nothing to click but the fills (no Next deal, no other move).
    shape = view["shape"] if view["phase"] == "filling_wilds" else None
    assert page.is_visible("#shape") == (shape is not None)
    if shape is not None:
        cards = " ".join(card or "*" for card in shape["cards"])
        assert data(page, "#shape .meld", "cards") == [cards]
        assert page.eval_on_selector_all("#shape .place", "places => places.length") == shape[
            "cards"
        ].count(None)
        assert not page.is_visible("#next-deal")
        assert set(data(page, "#moves button.move", "type")) <= {"fill_wilds"}
        status = page.text_content("#status")
        if view["current_player"] == seat:
            assert status.startswith("Your turn: choose the wild cards for")
        else:
            assert status.startswith("Waiting for seat") and " to fill " in status
    return view


def check_deal_end(page: Any, view: Json) -> None:
    """The end-of-deal panel: each seat's hand as shown for scoring, and its side's penalty."""
    result = view["results"][-1]
    assert page.is_visible("#deal-end")
    for seat, hand in enumerate(result["hands"]):
        row = f'#deal-end tr[data-seat="{seat}"]'
        assert data(page, f"{row} .cardface", "card") == hand
        penalty = result["penalties"][view["sides"][seat]]
        assert page.text_content(f"{row} td.penalty") == str(penalty)


def draw_choice(view: Json) -> str:
    """Take a wild upcard, or one that pairs with the hand; else push."""
    up = view["upcard"]
    if up in view["variant"]["wild_cards"] or any(card[:-1] == up[:-1] for card in view["hand"]):
        return "take"
    return "push"


def worst_discard(view: Json) -> Json:
    values = view["variant"]["card_values"]
    discards = [m for m in view["legal_moves"] if m["type"] == "discard"]
    return max(discards, key=lambda m: values["JK" if m["card"] == "JK" else m["card"][:-1]])


def select_cards(page: Any, cards: list[str]) -> None:
    """Click ``cards`` in the hand (a card held twice: its first unselected copy)."""
    for card in cards:
        page.click(f'#hand button.card[data-card="{card}"][aria-pressed="false"] >> nth=0')
    page.wait_for_function(MATCHED, arg=" ".join(sorted(cards)))


def check_matches(page: Any, game: Any, seat: int, cards: list[str]) -> list[str]:
    """The selection's offers are the server's moves_using for those cards: their notations."""
    mine = pr.view(game.state, seat)
    expected = pr.moves_using(mine, [pr.parse_card(card) for card in cards])
    shown = data(page, "#matches button.move", "notation")
    assert shown == [pr.format_move(m) for m in expected]
    assert sorted(data(page, '#hand button.card[aria-pressed="true"]', "card")) == sorted(cards)
    return shown


def filled(game: Any, shape: Json) -> list[tuple[str, list[str]]]:
    """Each filling of a listed shape, as its fill's notation and the meld's cards: what the
    engine lists once the shape is announced (asked on a copy, the game is not changed)."""
    announced = pr.apply_move(game.state, pr.decode(wrap(shape), kind="move", at=game.state))
    return [
        (pr.format_move(fill), [*shape_cards(shape["shape"]), *map(str, fill.wilds)])
        for fill in pr.legal_moves(announced)
    ]


def shape_cards(shape: Json) -> list[str]:
    return [card for card in shape["cards"] if card is not None]


def wrap(move: Json) -> Json:
    return {"schema": "pushrummy.move", "version": 1, **move}


def lay_down_shape_by_clicking(page: Any, game: Any, seat: int, shape: Json) -> Json:
    """The listed path: click the shape, see it announced, click its first fill."""
    fills = filled(game, shape)
    click_and_wait(page, f'#moves button[data-notation="{shape["notation"]}"]')
    view = check_page(page, game, seat)
    assert view["phase"] == "filling_wilds" and view["shape"] == shape["shape"]
    assert sorted(data(page, "#moves button.move", "notation")) == sorted(n for n, _ in fills)
    click_and_wait(page, f'#moves button[data-notation="{fills[0][0]}"]')
    return check_page(page, game, seat)


def lay_down_shape_by_selecting(page: Any, game: Any, seat: int, shape: Json) -> Json:
    """The selection path: select the shape's naturals and a filling's wilds, place the one
    lay-down the page offers for them (unlisted, legal: pushrummy.moves_using finds it)."""
    _, cards = filled(game, shape)[0]
    select_cards(page, cards)
    offered = check_matches(page, game, seat, cards)
    whole = [
        m
        for m in pr.moves_using(pr.view(game.state, seat), [pr.parse_card(c) for c in cards])
        if isinstance(m, pr.LayDown) and len(m.melds) == 1
    ]
    assert whole, f"no lay-down offered for {cards}: {offered}"
    click_and_wait(page, f'#matches button[data-notation="{pr.format_move(whole[0])}"]')
    view = check_page(page, game, seat)
    assert view["phase"] != "filling_wilds"
    return view


def test_a_whole_deal_by_clicking(page: Any, live_server: str, app: Any, tmp_path: Path) -> None:
    page.goto(live_server + "/")
    assert page.is_visible("#lobby") and not page.is_visible("#game")
    page.select_option("#variant", "push")
    assert page.is_checked('#human-seats input[value="0"]')
    page.click("#new-game")
    page.wait_for_function(IDLE, arg=0)

    params = dict(part.split("=", 1) for part in page.url.split("#", 1)[1].split("&"))
    assert set(params) == {"game", "seat", "token"} and params["seat"] == "0"
    game = app.state.store.games[params["game"]]
    assert game.holds(0, params["token"]) and sorted(game.bots) == [1, 2, 3]

    if check_page(page, game, 0)["phase"] == "between_deals":  # a bot went out at once
        went_out = game.state.results[-1].went_out
        who = "partner, bot" if went_out == 2 else "bot"  # Push: seat 2 is seat 0's partner
        assert page.text_content("#status") == (
            f"Deal 1 is over: seat {went_out} ({who}) went out before your first turn."
        )
        check_deal_end(page, pr.encode(pr.view(game.state, 0)))
        click_and_wait(page, "#next-deal")
    deal = check_page(page, game, 0)["deal_number"]

    screenshots: list[Path] = []
    offered = built = shapes = 0
    for _ in range(500):
        view = check_page(page, game, 0)
        phase = view["phase"]
        if phase in ("between_deals", "game_over"):
            break
        assert view["current_player"] == 0, "the bots play at once, until the person's turn"
        assert page.text_content("#status").startswith("Your turn")
        listed = view["legal_moves"]
        if phase == "draw":
            choice = draw_choice(view)
            click_and_wait(page, f'#moves button[data-notation="{choice}"]')
            continue
        if phase == "filling_wilds":  # (a shape is filled where it is announced, below)
            click_and_wait(page, f'#moves button[data-notation="{listed[0]["notation"]}"]')
            continue
        listed_shapes = [m for m in listed if m["type"] == "lay_down_shape"]
        if listed_shapes:
            # A step with wild cards: by its cards and by its shape then a fill, in turn.
            tables = len(view["table"])
            if shapes % 2 == 0:
                lay_down_shape_by_selecting(page, game, 0, listed_shapes[0])
            else:
                lay_down_shape_by_clicking(page, game, 0, listed_shapes[0])
            shapes += 1
            assert len(pr.view(game.state, 0).table) == tables + 1, "the meld is on the table"
            continue
        lay_downs = [m for m in listed if m["type"] == "lay_down"]
        if lay_downs:
            # Build the lay-down: select the cards of a meld the view lists, then place the
            # meld the page offers for exactly those cards (pushrummy.moves_using).
            offered += 1
            move = lay_downs[0]
            cards = [card for meld in move["melds"] for card in meld["cards"]]
            select_cards(page, cards)
            check_matches(page, game, 0, cards)
            if not built:
                screenshots.append(tmp_path / "lay-down-selected.png")
                page.screenshot(path=str(screenshots[-1]), full_page=True)
            click_and_wait(page, f'#matches button[data-notation="{move["notation"]}"]')
            built += 1
            after = pr.view(game.state, 0)
            assert any(t.owner == 0 for t in after.table), "the meld is on the table"
            continue
        for kind in ("lay_off", "new_meld"):
            melds = [m for m in listed if m["type"] == kind]
            if melds:
                click_and_wait(page, f'#moves button[data-notation="{melds[0]["notation"]}"]')
                break
        else:
            click_and_wait(
                page, f'#moves button[data-notation="{worst_discard(view)["notation"]}"]'
            )
    else:
        pytest.fail("the deal did not end after 500 clicks")

    # The deal is over: the page says so, shows the scores, and deals on with a click.
    assert view["phase"] == "between_deals" and view["deal_number"] == deal
    assert page.is_visible("#next-deal")
    assert page.text_content("#deal-over").startswith(f"Deal {deal} is over")
    row = page.eval_on_selector_all(
        f'#scores tr[data-deal="{deal}"] td', "cells => cells.map(c => c.textContent)"
    )
    assert [int(points) for points in row[1:]] == view["results"][-1]["penalties"]
    check_deal_end(page, view)
    assert built == offered, "every lay-down offered was built by selecting its cards"
    screenshots.append(tmp_path / "deal-over.png")
    page.screenshot(path=str(screenshots[-1]), full_page=True)

    click_and_wait(page, "#next-deal")
    view = check_page(page, game, 0)
    assert view["deal_number"] == deal + 1
    assert page.text_content("#deal").startswith(f"{deal + 1} of 5")
    # (A bot may go out before the person's first turn: the button is then back at once.)
    assert page.is_visible("#next-deal") == (view["phase"] == "between_deals")
    for shot in screenshots:
        assert shot.stat().st_size > 10_000
    target = os.environ.get("PUSHRUMMY_WEB_SCREENSHOT")
    if target:
        shutil.copyfile(screenshots[0], target)


@pytest.mark.parametrize(("dealer", "out", "who"), [(1, 2, "partner, bot"), (0, 1, "bot")])
def test_a_bot_going_out_before_the_persons_first_turn_is_named(
    page: Any, live_server: str, app: Any, dealer: int, out: int, who: str
) -> None:
    """A bot dealt two sets of 3 goes out on its first turn, before seat 0 (a person) moves:
    the status line names it, as the person's partner (seat 2) or an opponent (seat 1), and
    the end-of-deal panel and the "Next deal" button are shown at once."""
    game = app.state.store.create(pr.PUSH, 4, [0])
    order = deck_order(dealer=dealer, hands={out: "4S 4H 4D 9C 9D 9H"}, upcard="KS")
    game.state = pr.new_game(pr.PUSH, seed=1, players=4, dealer=dealer, deals=[order])
    game.advance()
    assert game.state.results[-1].went_out == out
    page.goto(f"{live_server}/#game={game.id}&seat=0&token={game.tokens[0]}")
    page.wait_for_function(IDLE, arg=0)
    assert check_page(page, game, 0)["phase"] == "between_deals"
    assert page.text_content("#status") == (
        f"Deal 1 is over: seat {out} ({who}) went out before your first turn."
    )
    check_deal_end(page, pr.encode(pr.view(game.state, 0)))
    assert page.is_visible("#next-deal")


def test_a_meld_with_wilds_by_clicking(
    page: Any, live_server: str, app: Any, tmp_path: Path
) -> None:
    """[contract.wilds] on the page: seat 0 holds 4H 4S 2C 9C 9D JK and takes the upcard 7S
    (Push's first deal, two sets of 3). Its first meld goes down by the listed path: the shape
    button, the shape shown on the table and in the status line with only the fills to click
    (the selection of a wild card offers its fill too), then a fill button. The second goes
    down whole, by selecting its three cards, the joker included."""
    game = app.state.store.create(pr.PUSH, 4, [0])
    order = deck_order(dealer=3, hands={0: "4S 4H 2C 9C 9D JK"}, upcard="7S")
    game.state = pr.new_game(pr.PUSH, seed=1, players=4, dealer=3, deals=[order])
    token = game.tokens[0]
    page.goto(f"{live_server}/#game={game.id}&seat=0&token={token}")
    page.wait_for_function(IDLE, arg=0)
    view = check_page(page, game, 0)
    assert (view["phase"], view["current_player"]) == ("draw", 0)
    click_and_wait(page, '#moves button[data-notation="take"]')

    view = check_page(page, game, 0)
    assert data(page, '#moves [data-group="lay_down"] button.move', "notation") == [
        "shape 4H 4S *=4"
    ]
    click_and_wait(page, '#moves button[data-notation="shape 4H 4S *=4"]')
    view = check_page(page, game, 0)
    assert view["phase"] == "filling_wilds"
    assert page.text_content("#phase") == "filling wilds"
    assert data(page, "#shape .meld", "cards") == ["4H 4S *"]
    assert page.text_content("#shape .place") == "*=4"
    assert page.text_content("#status") == (
        "Your turn: choose the wild cards for 4\u2665 4\u2660 *=4."
    )
    assert sorted(data(page, "#moves button.move", "notation")) == ["fill 2C", "fill JK"]
    assert data(page, "#moves .moves", "group") == ["fill_wilds"]
    assert sorted(data(page, "#hand button.card.in-shape", "card")) == ["4H", "4S"]
    assert page.is_hidden("#next-deal-box")
    select_cards(page, ["JK"])
    assert check_matches(page, game, 0, ["JK"]) == ["fill JK"]
    shot = tmp_path / "filling-wilds.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    click_and_wait(page, '#moves button[data-notation="fill 2C"]')

    view = check_page(page, game, 0)
    assert view["phase"] == "laying_down" and not page.is_visible("#shape")
    assert [sorted(t["meld"]["cards"]) for t in view["table"]] == [["2C", "4H", "4S"]]
    assert data(page, "#moves button.move", "notation") == ["shape 9C 9D *=9"]
    assert data(page, '#hand button.card[aria-pressed="true"]', "card") == []
    cards = ["9C", "9D", "JK"]
    select_cards(page, cards)
    offered = check_matches(page, game, 0, cards)
    whole = [n for n in offered if n.startswith("down ")]
    assert len(whole) == 1, offered
    click_and_wait(page, f'#matches button[data-notation="{whole[0]}"]')
    view = check_page(page, game, 0)
    assert view["phase"] == "play" and view["laid_down"][0]
    assert [sorted(t["meld"]["cards"]) for t in view["table"]] == [["2C", "4H", "4S"], cards]
    table = page.eval_on_selector_all("#table .meld", "melds => melds.map(m => m.textContent)")
    assert table == ["#02\u2663=44\u26654\u2660", "#19\u26639\u2666JK=9"]


def caught_up(page: Any, game: Any, seat: int) -> None:
    """Wait until the page shows the server's current view of ``seat`` (a page whose seat is
    not to move polls for it), then check it."""
    view = pr.encode(pr.view(game.state, seat))
    current = "" if view["current_player"] is None else str(view["current_player"])
    shown = [
        view["phase"],
        str(view["deal_number"]),
        str(view["turn"]),
        current,
        " ".join(view["hand"]),
    ]
    page.wait_for_function(
        """(expected) => {
            const game = document.getElementById("game");
            const hand = [...document.querySelectorAll("#hand button.card")].map(b => b.dataset.card);
            const shown = [game.dataset.phase, game.dataset.deal, game.dataset.turn, game.dataset.current, hand.join(" ")];
            return game.dataset.busy === "0" && JSON.stringify(shown) === JSON.stringify(expected);
        }""",
        arg=shown,
    )
    check_page(page, game, seat)


def play_one_turn(page: Any, game: Any, seat: int) -> None:
    """Play ``seat``'s turn by clicking (a draw, then a discard) in its own browser."""
    view = check_page(page, game, seat)
    assert view["current_player"] == seat and view["phase"] == "draw"
    click_and_wait(page, f'#moves button[data-notation="{draw_choice(view)}"]')
    view = check_page(page, game, seat)
    steps = ("lay_down", "lay_down_shape")
    while view["phase"] == "laying_down" or any(m["type"] in steps for m in view["legal_moves"]):
        move = next(m for m in view["legal_moves"] if m["type"] in steps)
        if move["type"] == "lay_down_shape":
            view = lay_down_shape_by_clicking(page, game, seat, move)
            continue
        select_cards(page, [card for meld in move["melds"] for card in meld["cards"]])
        click_and_wait(page, f'#matches button[data-notation="{move["notation"]}"]')
        view = check_page(page, game, seat)
    if view["current_player"] == seat:
        click_and_wait(page, f'#moves button[data-notation="{worst_discard(view)["notation"]}"]')


def test_two_people_each_in_their_own_browser(
    chromium: str, live_server: str, app: Any, page: Any
) -> None:
    """Seats 0 and 2 are people: the lobby gives a link per seat, each browser sees only its
    own seat, the waiting page follows the game by polling, and a link whose token is not the
    seat's is refused."""
    page.goto(live_server + "/")
    page.check('#human-seats input[value="2"]')
    page.click("#new-game")
    page.wait_for_function(IDLE, arg=0)
    links = page.eval_on_selector_all("#link-list a", "links => links.map(a => a.href)")
    assert len(links) == 2 and page.is_visible("#links")
    params = [dict(p.split("=", 1) for p in link.split("#", 1)[1].split("&")) for link in links]
    assert [p["seat"] for p in params] == ["0", "2"]
    assert params[0]["token"] != params[1]["token"]
    game = app.state.store.games[params[0]["game"]]
    assert sorted(game.bots) == [1, 3]

    other = page.context.browser.new_context().new_page()  # another person's browser
    try:
        other.goto(links[1])
        other.wait_for_function(IDLE, arg=0)
        pages = {0: page, 2: other}
        turns = 0
        while turns < 4:  # a few turns, whoever is to move
            while game.state.phase is pr.Phase.BETWEEN_DEALS:
                caught_up(pages[2], game, 2)
                click_and_wait(pages[2], "#next-deal")  # either person deals on
            seat = game.state.current_player
            assert seat in pages, "the bots play until a person is to move"
            for s, p in pages.items():  # each browser follows the game (the waiting one polls)
                caught_up(p, game, s)
            assert pages[2 - seat].text_content("#status").startswith("Waiting for seat")
            play_one_turn(pages[seat], game, seat)
            turns += 1
    finally:
        other.context.close()

    # A link with seat 2's number but seat 0's token is refused, and shows nothing of seat 2.
    forged = links[1].replace(params[1]["token"], params[0]["token"])
    intruder = page.context.browser.new_context().new_page()
    try:
        intruder.goto(forged)
        intruder.wait_for_selector("#error:not([hidden])")
        assert intruder.get_attribute("#error", "data-status") == "403"
        assert "token is wrong" in intruder.text_content("#status")
        assert data(intruder, "#hand button.card", "card") == []
    finally:
        intruder.context.close()


def test_a_double_click_and_a_stale_tab_move_once_and_quietly(
    page: Any, live_server: str, app: Any
) -> None:
    """A double click sends one move (the moves are disabled while it is on its way); a
    second tab of the same seat, behind the game, clicks a move it shows: the server refuses
    it as stale (409), and the tab quietly shows the game as it is now, without an error."""
    client = app.state.store
    game = client.create(pr.PUSH, 4, [0, 1, 2, 3])  # no bots: nobody moves but the test
    seat = game.state.current_player
    link = f"{live_server}/#game={game.id}&seat={seat}&token={game.tokens[seat]}"
    page.goto(link)
    page.wait_for_function(IDLE, arg=0)
    other = page.context.browser.new_context().new_page()  # a second tab of the same seat
    try:
        other.goto(link)
        other.wait_for_function(IDLE, arg=0)
        start = game.state
        before = renders(page)
        page.dblclick('#moves button[data-notation="push"]')
        page.wait_for_function(IDLE, arg=before)
        assert game.state.progress > start.progress
        assert (game.state.current_player, game.state.phase) == (seat, pr.Phase.PLAY)
        assert len(game.state.log) == len(pr.apply_move(start, pr.Push(seat)).log)  # one move
        assert not page.is_visible("#error")
        check_page(page, game, seat)
        moved = game.state
        click_and_wait(other, '#moves button[data-notation="take"]')  # a stale view's move
        assert game.state is moved
        assert not other.is_visible("#error")
        check_page(other, game, seat)  # the tab caught up
    finally:
        other.context.close()


def test_the_seat_offered_the_upcard_is_told_who_offers_it(
    page: Any, live_server: str, app: Any
) -> None:
    """Contract Rummy buys out of turn ([buy.offer]): seats 0 and 1 are people, seat 2 a bot.
    When the upcard is offered to seat 0, its status line names the card and the seat that
    offers it (the view's ``offered_by``), and seat 1's page says whom it waits for and who
    offers; seat 0 buys by its button. A page that named the seat offered the upcard as the
    one offering it, or read another field, fails the exact texts."""
    game = app.state.store.create(pr.CONTRACT_RUMMY, 3, [0, 1])
    game.state = pr.new_game(pr.CONTRACT_RUMMY, seed=1, players=3)
    game.advance()
    for _ in range(300):  # the people draw from the stock and pass, until seat 0 is offered
        state = game.state
        if state.phase is pr.Phase.BUYING and state.current_player == 0:
            break
        if state.phase is pr.Phase.BETWEEN_DEALS:
            game.play(0, pr.NextDeal())
            continue
        seat = state.current_player
        assert seat in (0, 1), "the bots play until a person is to move"
        moves = pr.legal_moves(state)
        shy = [m for m in moves if isinstance(m, (pr.DrawStock, pr.PassUpcard))]
        game.play(seat, shy[0] if shy else pr.GreedyBot().choose(pr.view(state, seat)))
    state = game.state
    assert state.phase is pr.Phase.BUYING and state.current_player == 0
    offers = [event for event in state.log.events if isinstance(event, pr.UpcardOffered)]
    offerer, upcard = offers[-1].seat, offers[-1].card
    page.goto(f"{live_server}/#game={game.id}&seat=0&token={game.tokens[0]}")
    page.wait_for_function(IDLE, arg=0)
    assert check_page(page, game, 0)["offered_by"] == offerer
    name = {1: "seat 1 (person)", 2: "seat 2 (bot)"}[offerer]
    assert page.text_content("#status") == (
        f"{upcard} is offered by {name}: buy it (with 1 penalty card) or pass."
    )
    other = page.context.browser.new_context().new_page()  # seat 1's browser
    try:
        other.goto(f"{live_server}/#game={game.id}&seat=1&token={game.tokens[1]}")
        other.wait_for_function(IDLE, arg=0)
        caught_up(other, game, 1)
        by = {1: "you (seat 1)", 2: "seat 2 (bot)"}[offerer]
        assert other.text_content("#status") == (
            f"Waiting for seat 0 (person) to buy or pass {upcard}, offered by {by}\u2026"
        )
    finally:
        other.context.close()
    click_and_wait(page, '#moves button[data-notation="buy"]')
    assert any(isinstance(event, pr.Bought) for event in game.state.log.events)
    assert check_page(page, game, 0)["offered_by"] == offering_seat(game.state)
